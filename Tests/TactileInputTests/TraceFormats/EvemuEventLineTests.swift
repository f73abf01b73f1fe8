import PropertyBased
import Tactile
import TactileTestSupport
import Testing

@testable import TactileInput

/// The fast path for evemu event lines against the careful parser it stands in front of.
@Suite("Evemu event lines: the fast path")
struct EvemuEventLineTests {
    /// Both parsers on `line`: the fast path's event (or `nil`) and the careful parser's result.
    private func parseBoth(_ line: String) -> (fast: InputEvent?, careful: Result<InputEvent, LineProblem>) {
        var text = line
        return text.withUTF8 { bytes in (EvemuEventLine.parse(bytes), EvemuReader.parseEventCarefully(bytes)) }
    }

    @Test("A recorded line parses to its time, type, code and value")
    func recordedLine() throws {
        let (fast, careful) = parseBoth("E: 1478185424.516618 0003 0035 1925")
        let expected = InputEvent(
            timestamp: Timestamp(seconds: 1_478_185_424, microseconds: 516_618), type: .absolute, code: 0x35,
            value: 1925)
        #expect(fast == expected)
        #expect(try careful.get() == expected)
    }

    @Test("Negative values, tabs, lower-case hex and a trailing comment take the fast path")
    func commonVariants() throws {
        for line in ["E: 0.000010 0003 0039 -1", "E:\t12.5\t0003\t002f\t-001", "E: 3.000001 0001 014a 1  # BTN_TOUCH"] {
            let (fast, careful) = parseBoth(line)
            #expect(fast != nil, "\(line)")
            #expect(fast == (try careful.get()), "\(line)")
        }
    }

    @Test("Rarer forms fall back to the careful parser, which still reads them")
    func rareFormsFallBack() throws {
        for line in ["E: 1.000000 0003 0035 +12", "E: 0000000000001.000000 0003 0035 1", "E: 1.000000 0003 0035 0000000000012"] {
            let (fast, careful) = parseBoth(line)
            #expect(fast == nil, "\(line)")
            #expect(throws: Never.self) { try careful.get() }
        }
    }

    @Test("Malformed lines are left to the careful parser, which names the problem")
    func malformedLinesFallBack() {
        for line in ["E: 1.0000000 0003 0035 1", "E: 1.000000 0020 0035 1", "E: 1.000000 0003 10000 1",
                     "E: 1.000000 0003 0035 2147483648", "E: 1.000000 0003 0035", "E: 1.000000 0003 0035 1 x",
                     "E: 1 0003 0035 1", "E:"] {
            let (fast, careful) = parseBoth(line)
            #expect(fast == nil, "\(line)")
            guard case .failure(let problem) = careful else {
                Issue.record("the careful parser accepted \(line)")
                continue
            }
            #expect(!problem.reason.isEmpty)
        }
    }

    @Test("Well-formed random lines take the fast path and agree with the careful parser")
    func wellFormedLinesAgree() async {
        let fields = Gen.int(in: 0...Int(Int32.max)).array(of: 7...7)
        await propertyCheck(count: PropertyCases.count(300), input: fields) { numbers in
            let seconds = numbers[0] % 2_000_000_000
            let microseconds = numbers[1] % 1_000_000
            let type = numbers[2] % 0x20
            let code = numbers[3] % 0x10000
            let value = Int32(truncatingIfNeeded: numbers[4] &* 3 &- Int(Int32.max))
            let space = [" ", "  ", "\t", " \t"][numbers[5] % 4]
            let padding = numbers[6] % 3
            func hex(_ number: Int, width: Int) -> String {
                let digits = String(number, radix: 16, uppercase: numbers[6] % 2 == 0)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            let micros = String(microseconds)
            let line = "E:" + space + "\(seconds)." + String(repeating: "0", count: 6 - micros.count) + micros
                + space + hex(type, width: 4 + padding) + space + hex(code, width: 4) + space + "\(value)"
            let (fast, careful) = parseBoth(line)
            let expected = InputEvent(
                timestamp: Timestamp(seconds: Int64(seconds), microseconds: Int64(microseconds)),
                type: EventType(rawValue: UInt16(type)), code: UInt16(code), value: value)
            #expect(fast == expected, "\(line)")
            #expect((try? careful.get()) == expected, "\(line)")
        }
    }

    @Test("evemu-record's layout with any one character changed: the fast path reads it as the careful parser or not at all")
    func everyCharacterChanged() {
        let line = Array("E: 1526388829.710040 0003 0035 5460")
        let replacements: [Character] = ["/", ":", "0", "9", " ", ".", "a", "F", "g", "-", "\u{7f}", "é", "\u{0}"]
        var fastReads = 0
        for index in line.indices.dropFirst(2) {
            for replacement in replacements {
                var changed = line
                changed[index] = replacement
                let text = String(changed)
                let (fast, careful) = parseBoth(text)
                if let fast {
                    fastReads += 1
                    #expect((try? careful.get()) == fast, "\(text)")
                } else if case .success(let event) = careful {
                    // A form the fast path leaves to the careful one: fine, as long as it is read.
                    #expect(event.type.rawValue <= EventType.maximum.rawValue)
                }
            }
        }
        #expect(fastReads > 50)
    }

    @Test("On random lines of line-like characters, whatever the fast path reads the careful parser reads alike")
    func randomLinesNeverDisagree() async {
        let pool = Array("0123456789 \t.-+abcdefABCDEFxX#,")
        await propertyCheck(count: PropertyCases.count(300), input: Gen.int(in: 0...(pool.count * 4 - 1)).array(of: 0...40)) { picks in
            // Bias towards digits and spaces so that many lines get far into the fields.
            let text = String(picks.map { pick in pick < pool.count ? pool[pick] : pick % 3 == 0 ? " " : Character(String(pick % 10)) })
            let line = "E: " + text
            let (fast, careful) = parseBoth(line)
            if let fast {
                #expect((try? careful.get()) == fast, "\(line)")
            }
        }
    }
}
