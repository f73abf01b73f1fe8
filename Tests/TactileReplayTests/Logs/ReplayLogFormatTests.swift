import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

@Suite("Replay log format")
struct ReplayLogFormatTests {
    /// One delivery of every kind.
    static let everyKind: [Delivery] = [
        .init(time: .zero, kind: .touches(.began, responder: "photo", touches: [.init(1), .init(2)])),
        .init(time: .zero, kind: .touches(.moved, responder: "photo", touches: [.init(1)])),
        .init(time: .zero, kind: .forwarded(phase: .ended, from: "photo", to: "window", touches: [.init(1)])),
        .init(time: .zero, kind: .dropped(phase: .cancelled, responder: "application", touches: [.init(1)])),
        .init(time: .zero, kind: .controlEvent(control: "ok", event: .touchUpInside)),
        .init(time: .zero, kind: .controlEvent(control: "ok", event: [.touchDragInside, .touchDragEnter])),
        .init(time: .zero, kind: .touchIgnored(.init(3), reason: .noView)),
        .init(time: .zero, kind: .deadline(owner: "longPress")),
        .init(time: .zero, kind: .inputDiagnostic(.duplicateBegan(.init(4)))),
        .init(time: .zero, kind: .recognizerState(
            recognizer: "tap", from: .possible, to: .failed, reason: .recognition(.movedTooFar(distance: 51, allowed: 45)))),
        .init(time: .zero, kind: .recognizerState(recognizer: "pan", from: .began, to: .changed, reason: .requested)),
        .init(time: .zero, kind: .recognizerState(recognizer: "singleTap", from: .possible, to: .recognized, reason: .requirementFailed("doubleTap"))),
        .init(time: .zero, kind: .recognizerState(recognizer: "tap", from: .possible, to: .failed, reason: .excluded(by: "pan"))),
        .init(time: .zero, kind: .recognizerState(recognizer: "tap", from: .failed, to: .possible, reason: .reset)),
        .init(time: .zero, kind: .action(recognizer: "pan", state: .began)),
        .init(time: .zero, kind: .arena(.waits(recognizer: "singleTap", for: ["doubleTap"], reason: .recognition(.tapped(taps: 1, touches: 1))))),
        .init(time: .zero, kind: .arena(.withheld(.ended, view: "photo", touches: [.init(1)], by: ["doubleTap", "singleTap"]))),
        .init(time: .zero, kind: .arena(.discarded(view: "row2", touches: [.init(1)], by: "list.pan"))),
        .init(time: .zero, kind: .arena(.joinedRecognized(view: "photo", touches: [.init(2)], by: "pan"))),
        .init(time: .zero, kind: .arena(.contentTouchesRefused(view: "row2", touches: [.init(1)], by: "list"))),
        .init(time: .zero, kind: .arena(.ignored(recognizer: "edge", touches: [.init(2)], reason: .recognition(.followsFirstTouchOnly)))),
        .init(time: .zero, kind: .arena(.coerced(recognizer: "custom", requested: .changed, from: .possible, applied: .began))),
        .init(time: .zero, kind: .arena(.requirementCycleIgnored(dependent: "a", required: "b", cycle: ["a", "b", "a"]))),
    ]

    @Test("Text lines are the core's delivery descriptions; frames print nothing")
    func textLines() {
        let delivery = Delivery(time: Timestamp(seconds: 1.25), kind: .touches(.began, responder: "v", touches: [.init(1)]))
        #expect(ReplayLogFormat.text.lines(for: .delivery(delivery)) == ["1.250s v: began{#1}"])
        #expect(ReplayLogFormat.text.lines(for: .frame(TouchFrame(timestamp: .zero, contacts: []))) == [])
        #expect(ReplayLogFormat.text.lines(for: .decoder(time: .zero, .palmRejected(slot: 2)))
            == ["0.000s decoder: palm in slot 2 rejected"])
    }

    @Test("Every kind of entry has a why line that names the spec section")
    func explanations() {
        for delivery in Self.everyKind {
            let lines = ReplayLogFormat.explain.lines(for: .delivery(delivery))
            #expect(lines.count == 2)
            #expect(lines[1].hasPrefix("    why: ") && lines[1].contains("§"), "\(lines)")
        }
        let control = Self.everyKind[4].explanation
        #expect(control.contains("70 pt tracking slop"))
        #expect(Self.everyKind[9].explanation.contains("moved 51 pt > 45 pt"))
        #expect(Self.everyKind[12].explanation.contains("excluded by pan"))
        #expect(Self.everyKind[15].explanation.contains("requires doubleTap to fail first"))
    }

    @Test("JSON lines parse, keep their key order and carry the documented fields")
    func jsonLines() throws {
        for delivery in Self.everyKind {
            let line = try #require(ReplayLogFormat.jsonLine(for: .delivery(delivery), explain: true))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(line.hasPrefix(#"{"t":0.0,"type":""#))
            #expect(object["why"] is String)
            switch object["type"] as? String {
            case "touches", "dropped": #expect(object["target"] is String && object["phase"] is String && object["touches"] is [Any])
            case "forwarded": #expect(object["from"] as? String == "photo" && object["to"] as? String == "window")
            case "controlEvent": #expect(object["event"] is String)
            case "touchIgnored": #expect(object["touch"] as? Int == 3 && object["reason"] as? String == "no view was hit")
            case "deadline": #expect(object["target"] as? String == "longPress")
            case "input": #expect(object["message"] is String)
            case "recognizer":
                #expect(object["target"] is String && object["from"] is String && object["to"] is String && object["reason"] is String)
            case "action": #expect(object["target"] as? String == "pan" && object["state"] as? String == "began")
            case "arena":
                #expect(object["decision"] is String && object["target"] is String && object["message"] is String, "\(line)")
            default: Issue.record("unexpected type in \(line)")
            }
        }
        let began = ReplayLogFormat.jsonLine(for: .delivery(Self.everyKind[0]), explain: false)
        #expect(began == #"{"t":0.0,"type":"touches","target":"photo","phase":"began","touches":[1,2]}"#)
        #expect(ReplayLogFormat.jsonLine(for: .delivery(Self.everyKind[9]), explain: false)
            == #"{"t":0.0,"type":"recognizer","target":"tap","from":"possible","to":"failed","reason":"moved 51 pt > 45 pt"}"#)
        #expect(ReplayLogFormat.jsonLine(for: .delivery(Self.everyKind[10]), explain: false)?.contains(#""reason":"""#) == true)
        #expect(ReplayLogFormat.jsonLine(for: .delivery(Self.everyKind[15]), explain: false)
            == #"{"t":0.0,"type":"arena","decision":"waits","target":"singleTap","recognizers":["doubleTap"],"#
                + #""reason":"1 tap of 1 touch","message":"singleTap waits for doubleTap to fail (1 tap of 1 touch)"}"#)
        #expect(ReplayLogFormat.jsonLine(for: .delivery(Self.everyKind[16]), explain: false)
            == #"{"t":0.0,"type":"arena","decision":"withheld","target":"photo","recognizers":["doubleTap","singleTap"],"#
                + #""phase":"ended","touches":[1],"message":"photo: ended{#1} withheld while doubleTap and singleTap decide"}"#)
    }

    @Test("JSON strings are escaped and times keep microseconds")
    func jsonEscaping() throws {
        let delivery = Delivery(
            time: Timestamp(nanoseconds: 1_234_567_891), kind: .deadline(owner: "a \"quoted\"\\name\n"))
        let line = try #require(ReplayLogFormat.jsonLine(for: .delivery(delivery), explain: false))
        #expect(line == #"{"t":1.234567,"type":"deadline","target":"a \"quoted\"\\name\n"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["target"] as? String == "a \"quoted\"\\name\n")
        #expect(JSONField.seconds(Timestamp(seconds: 2)) == "2.0")
        #expect(JSONField.seconds(Timestamp(seconds: -0.5)) == "-0.5")
    }
}
