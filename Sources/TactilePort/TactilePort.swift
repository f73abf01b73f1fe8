import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// The names a ported file spells UIKit's types with.
public enum PortNames: String, CaseIterable, Sendable {
    /// UIKit's own names (`UIView`, `UIPanGestureRecognizer`, `CGPoint`): `import UIKit` becomes
    /// `import TactileUIKit`, the module that spells Tactile with UIKit's names. The default.
    case uikit
    /// Tactile's names (`View`, `PanGestureRecognizer`, `Point`): `import UIKit` becomes `import Tactile` and every
    /// type of the rename table in *Porting from UIKit* is renamed.
    case tactile
}

/// One change `tactile port` made to a file: where, what, and why.
public struct PortRewrite: Equatable, Sendable, CustomStringConvertible {
    /// The line of the original source (1-based).
    public var line: Int
    /// The column of the original source (1-based, in UTF-8 bytes as the compiler counts).
    public var column: Int
    /// What was rewritten: `@objc removed`, `#selector(handlePan(_:)) → Selector("handlePan(_:)", Self.handlePan)`.
    public var what: String
    /// Why: what Swift on Linux or Tactile needs.
    public var why: String

    /// `line: what, why`.
    public var description: String { "\(line): \(what), \(why)" }
}

/// Code `tactile port` found and left as written because Tactile has no counterpart (an API it lacks, or
/// Objective-C runtime machinery without one): the port does not compile or does not behave until a developer
/// replaces it.
public struct PortWarning: Equatable, Sendable, CustomStringConvertible {
    /// The line of the original source (1-based).
    public var line: Int
    /// The column of the original source (1-based).
    public var column: Int
    /// The API or construct, as written: `UIView.animate`, `CADisplayLink`, `#selector(getter: …)`.
    public var api: String
    /// What to do instead.
    public var message: String

    /// `line:column: api: message`.
    public var description: String { "\(line):\(column): \(api): \(message)" }
}

/// A source file that is not valid Swift: `tactile port` rewrites nothing in it (and writes no file of the run).
public struct PortSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, as named to the port.
    public var file: String
    /// The line (1-based).
    public var line: Int
    /// The column (1-based).
    public var column: Int
    /// The parser's message.
    public var message: String

    /// `file:line:column: error: message`, the compiler's format.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// The result of porting one source file.
public struct PortedSource: Equatable, Sendable {
    /// The ported source: the original byte for byte except where a rewrite applied.
    public var text: String
    /// The rewrites, in source order.
    public var rewrites: [PortRewrite]
    /// What could not be ported, in source order.
    public var warnings: [PortWarning]
    /// Whether the text differs from the original.
    public var changed: Bool
}

/// What the other files of a port declare, that a file's rewrites depend on: the methods of each type (to name a
/// `#selector(handlePan)` as `handlePan(_:)` wherever the pair is added), and the `@objc optional` requirements of
/// the protocols declared in the ported files (whose `?(` call sites become plain calls).
public struct PortContext: Sendable {
    /// Method full names by type name, then by base name: `["Canvas": ["handlePan": ["handlePan(_:)"]]]`.
    var methods: [String: [String: Set<String>]] = [:]
    /// The base names of the `@objc optional` requirements of the ported files' protocols.
    var optionalRequirements: Set<String> = []
    /// For each optional requirement, the fallback each of its `?(` call sites gives (`?? true`), or `nil` for a
    /// call site without one.
    var optionalFallbacks: [String: [String?]] = [:]

    /// An empty context: each file is ported on its own.
    public init() {}

    /// The context of a set of sources ported together (a file is context for itself too). A source that does not
    /// parse adds nothing.
    public init(sources: [String]) {
        // Deeply nested sources recurse deeply: parse and walk them on a thread with a large stack (as `port`).
        self = runWithLargeStack { PortContext(parsing: sources) }
    }

    private init(parsing sources: [String]) {
        // A source `port` refuses adds nothing (and would take exponential time to parse).
        let trees = sources.filter { excessiveBracketRun(in: $0) == nil }.map(parseSource)
        for tree in trees {
            let collector = ContextCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            for (type, methods) in collector.methods {
                for (base, names) in methods { self.methods[type, default: [:]][base, default: []].formUnion(names) }
            }
            optionalRequirements.formUnion(collector.optionalRequirements)
        }
        for tree in trees {
            let collector = FallbackCollector(names: optionalRequirements)
            collector.walk(tree)
            optionalFallbacks.merge(collector.fallbacks) { $0 + $1 }
        }
    }

    /// The value an optional requirement's default implementation returns: the literal every call site falls back
    /// to with `??` (what an unimplemented optional method meant to its callers), if they agree.
    func fallback(for name: String) -> String? {
        guard let values = optionalFallbacks[name], let first = values.first, let value = first,
            values.allSatisfy({ $0 == value })
        else { return nil }
        return value
    }
}

/// Ports UIKit touch code to Tactile by rewriting its source.
///
/// The rewrites (each reported with its line and reason):
/// - `import UIKit` (and `import UIKit.UIGestureRecognizerSubclass`) becomes `import TactileUIKit`, or
///   `import Tactile` with ``PortNames/tactile``; `import CoreGraphics` and `import QuartzCore` are removed
///   (Foundation, which the UIKit-spelled module re-exports, has CoreGraphics' value types on Linux).
/// - `#selector(Type.method(_:))` becomes `Selector("method(_:)", Type.method(_:))`: the name identifies the
///   action, so two pairs of the same method compare equal (a bare `#selector(handlePan)` gets the method's full
///   name when the ported files declare one method of that name).
/// - `@objc`, `@objc(name)`, `@objcMembers` and `@IBOutlet` are removed (Swift on Linux has no Objective-C
///   runtime), and `dynamic` where it came with `@objc` (key-value observing, which Linux lacks).
/// - An `@objc` protocol becomes a class-bound protocol; `NSObjectProtocol` and `class` bounds become
///   `AnyObject`; `@objc optional` requirements become plain requirements with default implementations in an
///   extension, and their `?(` call sites plain calls.
/// - Foundation's `Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:)` (with `userInfo: nil`) and
///   `NotificationCenter.addObserver(_:selector:name:object:)` become their block forms, calling the selector's
///   method, on the main actor, on the target held in TactileUIKit's `WeakTarget` (the report says what changes:
///   the timer's target is held weakly; the observer's token is not kept, so `removeObserver(_:)` does not end the
///   observation).
///
/// Everything else stays byte for byte; porting a ported file changes nothing. UIKit APIs Tactile lacks
/// (``PortUnavailableAPI/table``) are left as written and reported as warnings.
public struct Porter: Sendable {
    /// The names the ported code uses.
    public var names: PortNames
    /// What the other files of the port declare.
    public var context: PortContext

    /// A porter to UIKit's names or Tactile's.
    public init(names: PortNames = .uikit, context: PortContext = PortContext()) {
        self.names = names
        self.context = context
    }

    /// The module `import UIKit` becomes.
    public var moduleName: String { names == .uikit ? "TactileUIKit" : "Tactile" }

    /// Ports one source file.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - fileName: The file's name in error messages.
    /// - Throws: ``PortSyntaxError`` at the first syntax error, when the source is not valid Swift (including
    ///   nesting deeper than the parser's limit): nothing is rewritten.
    public func port(_ source: String, fileName: String) throws(PortSyntaxError) -> PortedSource {
        // Deeply nested source recurses deeply in the parser and the visitors: run them on a thread with a large
        // stack, so that no test runner's or caller's small stack can overflow.
        let result = runWithLargeStack { () -> Result<PortedSource, PortSyntaxError> in
            Result { () throws(PortSyntaxError) in try portOnThisThread(source, fileName: fileName) }
        }
        return try result.get()
    }

    private func portOnThisThread(_ source: String, fileName: String) throws(PortSyntaxError) -> PortedSource {
        if let (line, column) = excessiveBracketRun(in: source) {
            throw PortSyntaxError(
                file: fileName, line: line, column: column,
                message:
                    "more than \(maximumDirectlyNestedBrackets) square brackets nested directly ('[[[…'): the parser "
                    + "would take exponential time on them; no Swift code needs that many")
        }
        let tree = parseSource(source)
        let converter = SourceLocationConverter(fileName: fileName, tree: tree)
        if let error = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: {
            $0.diagMessage.severity == .error
        }) {
            let location = error.location(converter: converter)
            throw PortSyntaxError(file: fileName, line: location.line, column: location.column, message: error.message)
        }
        let rewriter = PortRewriter(source: source, converter: converter, porter: self)
        rewriter.walk(tree)
        let text = rewriter.edits.apply(to: source)
        let warnings = rewriter.warnings.sorted { ($0.line, $0.column, $0.api) < ($1.line, $1.column, $1.api) }
        let rewrites = rewriter.rewrites.enumerated()
            .sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }
            .map(\.element)
        return PortedSource(text: text, rewrites: rewrites, warnings: warnings, changed: text != source)
    }
}

/// The nesting the parser accepts: swift-syntax's release default (256), set explicitly so that debug builds of
/// the parser (whose default is 20) port the same files; the port runs on a 256 MiB stack, which that depth needs.
let maximumNestingLevel = 256

/// Parses a source file with ``maximumNestingLevel``.
func parseSource(_ source: String) -> SourceFileSyntax {
    var parser = Parser(source, maximumNestingLevel: maximumNestingLevel)
    return SourceFileSyntax.parse(from: &parser)
}
