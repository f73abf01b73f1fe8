import SwiftSyntax

/// A replacement of a byte range of the original source.
struct SourceEdit {
    var start: Int
    var end: Int
    var replacement: String
}

extension [SourceEdit] {
    /// The source with the edits applied; an edit that overlaps an earlier one is a bug of the rewriter and is
    /// dropped (the earlier wins), so the output is always well-formed around it.
    func apply(to source: String) -> String {
        let bytes = [UInt8](source.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 256)
        var cursor = 0
        for edit in sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) where edit.start >= cursor {
            output.append(contentsOf: bytes[cursor..<edit.start])
            output.append(contentsOf: edit.replacement.utf8)
            cursor = edit.end
        }
        output.append(contentsOf: bytes[cursor...])
        return String(decoding: output, as: UTF8.self)
    }
}

/// Walks a parsed file and collects the port's edits, rewrites and warnings.
final class PortRewriter: SyntaxVisitor {
    let bytes: [UInt8]
    let converter: SourceLocationConverter
    let porter: Porter
    var edits: [SourceEdit] = []
    var rewrites: [PortRewrite] = []
    var warnings: [PortWarning] = []
    /// Whether the file imports UIKit itself (`import UIKit`), or Foundation.
    private var importsUIKit = false
    private var importsFoundation = false

    init(source: String, converter: SourceLocationConverter, porter: Porter) {
        bytes = Array(source.utf8)
        self.converter = converter
        self.porter = porter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        var foundationImports: [ImportDeclSyntax] = []
        var importsAnyUIKit = false  // `import UIKit.UIGestureRecognizerSubclass` alone counts here, not above
        for item in node.statements {
            guard let decl = item.item.as(ImportDeclSyntax.self) else { continue }
            let path = decl.path.map(\.name.text)
            if path == ["UIKit"] || path == ["TactileUIKit"] || path == ["Tactile"] { importsUIKit = true }
            if importsUIKit || path.first == "UIKit" { importsAnyUIKit = true }
            if path == ["Foundation"] {
                importsFoundation = true
                foundationImports.append(decl)
            }
        }
        let module = porter.moduleName
        if importsAnyUIKit {
            // TactileUIKit re-exports Foundation, as UIKit does; a sibling `import Foundation` makes the CoreGraphics
            // names the face declares (CGFloat, CGPoint…) ambiguous with Foundation's own on Linux.
            if porter.names == .uikit {
                for decl in foundationImports {
                    remove(decl)
                    record(
                        decl.positionAfterSkippingLeadingTrivia, "import Foundation removed",
                        "\(module) re-exports Foundation as UIKit does; both imports make CGFloat, CGPoint… "
                            + "ambiguous")
                }
            }
        } else if let use = firstUIKitName(in: node) {
            // A framework's Swift files see UIKit through its umbrella header without importing it; a package's
            // files see only what they import.
            let (line, _) = location(use.positionAfterSkippingLeadingTrivia)
            let why =
                "the file uses \(use.text) (line \(line)) without importing UIKit (a framework's umbrella header "
                + "imported it for its Swift files; a package's files see only what they import)"
            if porter.names == .uikit, let foundation = foundationImports.first {
                replace(foundation.path, with: module)
                record(
                    foundation.path.position, "import Foundation → import \(module)",
                    why + "; \(module) re-exports Foundation")
            } else {
                let first =
                    node.statements.first.map { $0.positionAfterSkippingLeadingTrivia } ?? node.endOfFileToken.position
                edits.append(
                    SourceEdit(start: first.utf8Offset, end: first.utf8Offset, replacement: "import \(module)\n"))
                record(first, "import \(module) added", why)
            }
            importsUIKit = true
        }
        return .visitChildren
    }

    /// The first use of a UIKit type name (`UIView`, `UITouch`…) in the file, if any.
    private func firstUIKitName(in node: SourceFileSyntax) -> TokenSyntax? {
        node.tokens(viewMode: .sourceAccurate).first { token in
            guard case .identifier(let name) = token.tokenKind, name.hasPrefix("UI") else { return false }
            return PortRenames.types[name] != nil
        }
    }

    // MARK: Reporting

    private func location(_ position: AbsolutePosition) -> (line: Int, column: Int) {
        let location = converter.location(for: position)
        return (location.line, location.column)
    }

    private func record(_ position: AbsolutePosition, _ what: String, _ why: String) {
        let (line, column) = location(position)
        rewrites.append(PortRewrite(line: line, column: column, what: what, why: why))
    }

    private func warn(_ position: AbsolutePosition, _ api: String, _ message: String) {
        let (line, column) = location(position)
        let warning = PortWarning(line: line, column: column, api: api, message: message)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    private func replace(_ node: some SyntaxProtocol, with text: String) {
        edits.append(
            SourceEdit(
                start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                end: node.endPositionBeforeTrailingTrivia.utf8Offset,
                replacement: text
            )
        )
    }

    /// Removes a node: its whole line when it is alone on it, else the node and the spaces after it.
    private func remove(_ node: some SyntaxProtocol) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        var after = end
        while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") {
            after += 1
        }
        let aloneBefore = lineStart == 0 || bytes[lineStart - 1] == UInt8(ascii: "\n")
        var lineEnd = after
        if lineEnd < bytes.count, bytes[lineEnd] == UInt8(ascii: "\r") { lineEnd += 1 }
        let aloneAfter = lineEnd == bytes.count || bytes[lineEnd] == UInt8(ascii: "\n")
        if aloneBefore && aloneAfter {
            edits.append(SourceEdit(start: lineStart, end: min(lineEnd + 1, bytes.count), replacement: ""))
        } else {
            edits.append(SourceEdit(start: start, end: after, replacement: ""))
        }
    }

    // MARK: Imports

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let path = node.path.map(\.name.text)
        guard let first = path.first else { return .skipChildren }
        let module = porter.moduleName
        switch first {
        case "UIKit" where path.count == 1:
            replace(node.path, with: module)
            record(
                node.path.position, "import UIKit → import \(module)",
                porter.names == .uikit
                    ? "the UIKit-spelled module over Tactile (it re-exports Foundation, as UIKit does)"
                    : "Tactile's own names (--names tactile): the rename table of Porting from UIKit applies")
        case "UIKit":
            // `import UIKit.UIGestureRecognizerSubclass`: the subclassing API is part of the module.
            if importsUIKit {
                remove(node)
                record(
                    node.positionAfterSkippingLeadingTrivia, "import \(path.joined(separator: ".")) removed",
                    "\(module) has the recognizer subclassing API (settable state) and is imported already")
            } else {
                replace(node.path, with: module)
                importsUIKit = true
                record(
                    node.path.position, "import \(path.joined(separator: ".")) → import \(module)",
                    "\(module) has the recognizer subclassing API (settable state)")
            }
        case "CoreGraphics", "QuartzCore":
            if importsUIKit || importsFoundation {
                remove(node)
                record(
                    node.positionAfterSkippingLeadingTrivia, "import \(first) removed",
                    "Linux has no \(first) module; Foundation has its value types (CGFloat, CGPoint, CGRect…)"
                        + (importsUIKit ? " and \(module) brings it along" : ""))
            } else {
                replace(node.path, with: "Foundation")
                importsFoundation = true
                record(
                    node.path.position, "import \(first) → import Foundation",
                    "Linux has no \(first) module; Foundation has its value types (CGFloat, CGPoint, CGRect…)")
            }
        default:
            break
        }
        return .skipChildren
    }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        switch name {
        case "objc", "objcMembers":
            remove(node)
            record(
                node.positionAfterSkippingLeadingTrivia, "\(node.trimmedDescription) removed",
                "Swift on Linux has no Objective-C runtime (Tactile's selectors and delegates need none)")
            if name == "objc", let decl = node.parent?.parent,
                let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                let dynamic = modifiers.first(where: { $0.name.tokenKind == .keyword(.dynamic) })
            {
                remove(dynamic)
                record(
                    dynamic.positionAfterSkippingLeadingTrivia, "dynamic removed",
                    "it came with @objc for key-value observing, which Linux lacks")
            }
        case "IBOutlet":
            remove(node)
            record(
                node.positionAfterSkippingLeadingTrivia, "@IBOutlet removed",
                "Swift on Linux rejects it for non-Objective-C classes; there is no Interface Builder")
        default:
            break
        }
        return .visitChildren
    }

    // MARK: Protocols

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let isObjC = node.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc"
        }
        var hasClassBound = false
        if let inherited = node.inheritanceClause?.inheritedTypes {
            for (index, element) in inherited.enumerated() {
                let text = element.type.trimmedDescription
                guard ["NSObjectProtocol", "class", "NSObject", "AnyObject"].contains(text) else { continue }
                if hasClassBound {
                    // A second class bound: remove it with the comma before it.
                    let previous = inherited[inherited.index(inherited.startIndex, offsetBy: index - 1)]
                    edits.append(
                        SourceEdit(
                            start: previous.type.endPositionBeforeTrailingTrivia.utf8Offset,
                            end: element.type.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""))
                    record(
                        element.type.positionAfterSkippingLeadingTrivia, "\(text) bound removed",
                        "the protocol is bound to AnyObject already")
                } else if text != "AnyObject" {
                    replace(element.type, with: "AnyObject")
                    record(
                        element.type.positionAfterSkippingLeadingTrivia, "\(text) bound → AnyObject",
                        text == "class"
                            ? "the class keyword in a protocol's bound is deprecated (a warning in Swift 6)"
                            : "delegates need a class bound for weak references, not NSObject's protocol")
                }
                hasClassBound = true
            }
        }
        if isObjC && !hasClassBound {
            // An @objc protocol is class-bound implicitly: `weak var delegate: P?` needs it to stay so.
            if let first = node.inheritanceClause?.inheritedTypes.first {
                edits.append(
                    SourceEdit(
                        start: first.type.positionAfterSkippingLeadingTrivia.utf8Offset,
                        end: first.type.positionAfterSkippingLeadingTrivia.utf8Offset,
                        replacement: "AnyObject, "))
            } else {
                let end = (node.primaryAssociatedTypeClause.map(Syntax.init) ?? Syntax(node.name))
                    .endPositionBeforeTrailingTrivia
                edits.append(SourceEdit(start: end.utf8Offset, end: end.utf8Offset, replacement: ": AnyObject"))
            }
            record(
                node.name.positionAfterSkippingLeadingTrivia, "AnyObject bound added to \(node.name.text)",
                "an @objc protocol is class-bound (weak delegates of it), and stays so without @objc")
        }
        portOptionalRequirements(of: node)
        return .visitChildren
    }

    /// `@objc optional` requirements: plain requirements with default implementations in an extension after the
    /// protocol (the `@objc` itself is removed by the attribute visit).
    private func portOptionalRequirements(of node: ProtocolDeclSyntax) {
        var defaults: [String] = []
        let indentation = memberIndentation(of: node)
        let access = node.modifiers.first {
            ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text)
        }
        let prefix = access.map { ["private", "fileprivate"].contains($0.name.text) ? "" : $0.name.text + " " } ?? ""
        for member in node.memberBlock.members {
            let decl = member.decl
            guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                let optional = modifiers.first(where: { $0.name.tokenKind == .keyword(.optional) })
            else { continue }
            remove(optional)
            if let function = decl.as(FunctionDeclSyntax.self) {
                let signatureEnd = (function.genericWhereClause.map(Syntax.init) ?? Syntax(function.signature))
                    .endPositionBeforeTrailingTrivia.utf8Offset
                let signature = text(function.funcKeyword.positionAfterSkippingLeadingTrivia.utf8Offset, signatureEnd)
                let returnType = function.signature.returnClause?.type
                guard let body = defaultBody(returnType, name: function.name.text) else {
                    requireByHand(
                        optional, at: function.funcKeyword, "optional func \(function.name.text)",
                        "an optional requirement returning \(returnType?.trimmedDescription ?? "") has no "
                            + "default Tactile can infer (its call sites give no common `??` fallback)")
                    continue
                }
                defaults.append("\(indentation)\(prefix)\(signature) \(body)")
                record(
                    optional.positionAfterSkippingLeadingTrivia,
                    "optional requirement \(function.name.text) → default implementation",
                    "Swift on Linux has no optional requirements: an extension of \(node.name.text) implements it "
                        + (body == "{}" ? "doing nothing" : "returning \(body.dropFirst(2).dropLast(2))")
                        + ", as an unimplemented optional method behaves")
            } else if let variable = decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                let type = binding.typeAnnotation?.type
            {
                let name = binding.pattern.trimmedDescription
                guard let body = defaultBody(type, name: name), body != "{}" else {
                    requireByHand(
                        optional, at: variable.bindingSpecifier, "optional var \(name)",
                        "an optional property of type \(type.trimmedDescription) has no default Tactile can infer")
                    continue
                }
                defaults.append("\(indentation)\(prefix)var \(name): \(type.trimmedDescription) \(body)")
                record(
                    optional.positionAfterSkippingLeadingTrivia,
                    "optional requirement \(name) → default implementation",
                    "Swift on Linux has no optional requirements: an extension of \(node.name.text) implements it")
            }
        }
        guard !defaults.isEmpty else { return }
        let outer = String(indentation.dropLast(min(4, indentation.count)))
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        let extensionText =
            "\n\n\(outer)extension \(node.name.text) {\n" + defaults.joined(separator: "\n") + "\n\(outer)}"
        edits.append(SourceEdit(start: end, end: end, replacement: extensionText))
    }

    /// An optional requirement without a default: it becomes required, with a warning saying so.
    private func requireByHand(_ optional: DeclModifierSyntax, at token: TokenSyntax, _ api: String, _ reason: String) {
        warn(
            token.positionAfterSkippingLeadingTrivia, api,
            reason + ": implement it in every conforming type, or give it a default in an extension")
        record(
            optional.positionAfterSkippingLeadingTrivia,
            "optional removed from \(api.split(separator: " ").last ?? "")",
            "Swift on Linux has no optional requirements; this one is now required (see the warning)")
    }

    private func defaultBody(_ type: TypeSyntax?, name: String) -> String? {
        guard let type else { return "{}" }
        if ["Void", "()"].contains(type.trimmedDescription) { return "{}" }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "{ nil }" }
        if let fallback = porter.context.fallback(for: name) { return "{ \(fallback) }" }
        return nil
    }

    private func memberIndentation(of node: ProtocolDeclSyntax) -> String {
        let start = (node.memberBlock.members.first.map(Syntax.init) ?? Syntax(node.memberBlock.rightBrace))
            .positionAfterSkippingLeadingTrivia.utf8Offset
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t") {
            lineStart -= 1
        }
        let indentation = text(lineStart, start)
        return node.memberBlock.members.isEmpty ? indentation + "    " : indentation
    }

    private func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

    // MARK: Optional calls

    override func visit(_ node: OptionalChainingExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.expression.as(MemberAccessExprSyntax.self),
            porter.context.optionalRequirements.contains(member.declName.baseName.text)
        {
            let name = member.declName.baseName.text
            edits.append(
                SourceEdit(
                    start: node.questionMark.positionAfterSkippingLeadingTrivia.utf8Offset,
                    end: node.questionMark.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""))
            let isCall = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
            record(
                node.questionMark.positionAfterSkippingLeadingTrivia,
                isCall ? "\(name)?( → \(name)(" : "\(name)? → \(name)",
                "\(name) was an optional requirement; it has a default implementation now")
        }
        return .visitChildren
    }

    // MARK: Foundation's selector APIs

    /// The `#selector`s of Foundation's selector APIs, rewritten to a block form or reported: not reported again.
    private var selectorsHandled: Set<SyntaxIdentifier> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), node.trailingClosure == nil,
            node.rightParen != nil
        else { return .visitChildren }
        let arguments = Array(node.arguments)
        let labels = arguments.map { $0.label?.text ?? "_" }
        switch (member.declName.baseName.text, labels) {
        case ("scheduledTimer", ["timeInterval", "target", "selector", "userInfo", "repeats"]):
            portTimer(node, arguments)
        case ("addObserver", ["_", "selector", "name", "object"]):
            portObserver(node, arguments)
        default:
            break
        }
        return .visitChildren
    }

    /// `Timer.scheduledTimer(timeInterval: t, target: x, selector: #selector(T.m), userInfo: nil, repeats: r)` →
    /// `Timer.scheduledTimer(withTimeInterval: t, repeats: r) { [target = WeakTarget(x)] timer in
    /// target.onMainActor(timer) { $0.m($1) } }`.
    private func portTimer(_ node: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax]) {
        guard arguments[3].expression.is(NilLiteralExprSyntax.self) else {
            warnSelector(
                arguments[2].expression,
                "a timer's `userInfo:` has no counterpart in its block form: capture the value in a closure "
                    + "(Timer.scheduledTimer(withTimeInterval:repeats:block:)) by hand")
            return
        }
        guard let (method, call, usesArgument) = blockCall(of: arguments[2].expression, passing: "$1") else {
            return
        }
        let target = arguments[1].expression.trimmedDescription
        let parameter = usesArgument ? "timer" : "_"
        replace(arguments[0].label!, with: "withTimeInterval")
        edits.append(
            SourceEdit(
                start: arguments[0].expression.endPositionBeforeTrailingTrivia.utf8Offset,
                end: arguments[4].positionAfterSkippingLeadingTrivia.utf8Offset, replacement: ", "))
        appendBlock(to: node, target: target, parameter: parameter, passing: usesArgument, call: call)
        record(
            node.positionAfterSkippingLeadingTrivia,
            "Timer.scheduledTimer(timeInterval:target:selector:userInfo:repeats:) → "
                + "scheduledTimer(withTimeInterval:repeats:) calling \(target).\(method)",
            "Swift on Linux has no #selector for Foundation's runtime APIs; the block calls the same method. Unlike "
                + "the selector form, the timer holds \(target) weakly (WeakTarget, as the block must be Sendable): "
                + "a target released without invalidating the timer is not kept alive, the block then does nothing. "
                + "The block calls it on the main actor, where a timer of the main run loop fires (checked)")
    }

    /// `NotificationCenter.default.addObserver(x, selector: #selector(T.m), name: n, object: o)` →
    /// `_ = NotificationCenter.default.addObserver(forName: n, object: o, queue: nil) { [target = WeakTarget(x)]
    /// notification in target.onMainActor(notification) { $0.m($1) } }`.
    private func portObserver(_ node: FunctionCallExprSyntax, _ arguments: [LabeledExprSyntax]) {
        guard let (method, call, usesArgument) = blockCall(of: arguments[1].expression, passing: "$1")
        else { return }
        let target = arguments[0].expression.trimmedDescription
        let parameter = usesArgument ? "notification" : "_"
        let isStatement = node.parent?.is(CodeBlockItemSyntax.self) == true
        if isStatement {
            let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
            edits.append(SourceEdit(start: start, end: start, replacement: "_ = "))
        }
        edits.append(
            SourceEdit(
                start: arguments[0].positionAfterSkippingLeadingTrivia.utf8Offset,
                end: arguments[2].expression.positionAfterSkippingLeadingTrivia.utf8Offset,
                replacement: "forName: "))
        let close = node.rightParen!.positionAfterSkippingLeadingTrivia.utf8Offset
        edits.append(SourceEdit(start: close, end: close, replacement: ", queue: nil"))
        appendBlock(to: node, target: target, parameter: parameter, passing: usesArgument, call: call)
        record(
            node.positionAfterSkippingLeadingTrivia,
            "NotificationCenter.addObserver(_:selector:name:object:) → addObserver(forName:object:queue:using:) "
                + "calling \(target).\(method)",
            "Swift on Linux has no #selector for Foundation's runtime APIs; the block calls the same method on the "
                + "posting thread, as the selector form does, which must be the main thread (checked: UI objects are "
                + "on the main actor). The observation's token is not kept"
                + (isStatement ? " (`_ =`)" : "") + ", so removeObserver(\(target)) no longer ends it: the block holds "
                + "\(target) weakly (WeakTarget) and does nothing once it is gone, but while it lives it keeps "
                + "receiving the notification; keep the token and remove it where the code stops observing early")
    }

    /// Appends the trailing block of a rewritten call: `{ [target = WeakTarget(x)] parameter in
    /// target.onMainActor(parameter) { $0.call($1) } }`, or `target.onMainActor { $0.call() }` when the method takes
    /// no argument. Foundation's blocks are `@Sendable`; `onMainActor` runs the call on the main actor, where the
    /// selector form called it (UI objects are `@MainActor`).
    private func appendBlock(
        to node: FunctionCallExprSyntax, target: String, parameter: String, passing: Bool, call: String
    ) {
        let hop = passing ? "target.onMainActor(\(parameter))" : "target.onMainActor"
        let block = " { [target = WeakTarget(\(target))] \(parameter) in \(hop) { $0.\(call) } }"
        let end = node.rightParen!.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(SourceEdit(start: end, end: end, replacement: block))
    }

    /// The method a `#selector` names, its call from a block whose argument is `argument`
    /// (`handleTimerFire(timer: timer)`, `reset()`), and whether the call passes it. `nil`, with a warning, when the
    /// method is not known.
    private func blockCall(of expression: ExprSyntax, passing argument: String) -> (String, String, Bool)? {
        guard let selector = expression.as(MacroExpansionExprSyntax.self), selector.macroName.text == "selector"
        else { return nil }
        guard selector.arguments.count == 1, let only = selector.arguments.first, only.label == nil,
            let (_, type, base, compound) = selectorReference(only.expression)
        else { return nil }
        var name = compound
        if name == nil {
            let candidates = type.flatMap { porter.context.methods[$0]?[base] } ?? []
            guard candidates.count == 1 else {
                warnSelector(
                    expression,
                    (candidates.isEmpty
                        ? "the method is not declared in the ported files"
                        : "\(type ?? "") declares \(candidates.count) methods named \(base)")
                        + ": the port cannot tell whether it takes the argument; write its full name "
                        + "(#selector(\(base)(_:))) or use the block form by hand")
                return nil
            }
            name = candidates.first
        }
        guard let name else { return nil }
        guard let open = name.firstIndex(of: "(") else {
            selectorsHandled.insert(selector.id)
            return (name, base + "()", false)
        }
        let labels = name[name.index(after: open)...].dropLast().split(separator: ":").map(String.init)
        switch labels.count {
        case 0:
            selectorsHandled.insert(selector.id)
            return (name, base + "()", false)
        case 1:
            selectorsHandled.insert(selector.id)
            return (name, base + (labels[0] == "_" ? "(\(argument))" : "(\(labels[0]): \(argument))"), true)
        default:
            warnSelector(expression, "\(name) takes more than the one argument a block passes: call it by hand")
            return nil
        }
    }

    private func warnSelector(_ expression: ExprSyntax, _ message: String) {
        selectorsHandled.insert(expression.id)
        warn(expression.positionAfterSkippingLeadingTrivia, expression.trimmedDescription, message)
    }

    // MARK: Selectors

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector" else { return .visitChildren }
        if selectorsHandled.contains(node.id) { return .skipChildren }
        let written = node.trimmedDescription
        // Tactile's Selector is the action of a target-action pair (`addTarget(_:action:)`, a recognizer's
        // `init(target:action:)`); a selector handed to another API (NotificationCenter's `selector:`, a timer's,
        // `perform(_:)`) needs the Objective-C runtime: reported, not rewritten.
        let label = node.parent?.as(LabeledExprSyntax.self)?.label?.text
        guard label == "action" else {
            warn(
                node.positionAfterSkippingLeadingTrivia, written,
                label == "selector"
                    ? "a selector for an Objective-C runtime API (the `selector:` argument): use its closure form "
                        + "(NotificationCenter's addObserver(forName:object:queue:using:), Timer's block initializers)"
                    : "Tactile's Selector is only the `action:` of a target-action pair; pass the method or a "
                        + "closure here"
            )
            return .skipChildren
        }
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
            let (reference, type, base, compound) = selectorReference(argument.expression)
        else {
            warn(
                node.positionAfterSkippingLeadingTrivia, written,
                node.arguments.first?.label != nil
                    ? "Tactile's selectors name action methods only (no getter:/setter: selectors): call the "
                        + "property directly"
                    : "not a method reference Tactile's Selector can name: use Selector(\"name\", Type.method) by hand")
            return .skipChildren
        }
        var name = compound ?? base
        var note = ""
        if compound == nil {
            let candidates = type.flatMap { porter.context.methods[$0]?[base] } ?? []
            if candidates.count == 1, let only = candidates.first {
                name = only
                note = " (its full name: the one method \(type ?? "") declares named \(base))"
            } else {
                note =
                    candidates.isEmpty
                    ? " (the method is not declared in the ported files: the name is as written)"
                    : " (\(type ?? "") declares \(candidates.count) methods named \(base): the name is as written)"
            }
        }
        let replacement = "Selector(\"\(name)\", \(reference))"
        replace(node, with: replacement)
        record(
            node.positionAfterSkippingLeadingTrivia, "\(written) → \(replacement)",
            "Swift on Linux has no #selector; Tactile's Selector carries the name, so pairs of one method "
                + "compare equal\(note)"
        )
        return .skipChildren
    }

    /// The method reference, the type it names a method of, and the method's base and compound names.
    private func selectorReference(_ expression: ExprSyntax) -> (String, String?, String, String?)? {
        func compound(_ name: DeclReferenceExprSyntax) -> String? {
            name.argumentNames.map { name.baseName.text + $0.trimmedDescription.filter { !$0.isWhitespace } }
        }
        let enclosing = enclosingTypeName(of: Syntax(expression))
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return ("Self." + reference.trimmedDescription, enclosing, reference.baseName.text, compound(reference))
        }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let baseText = base.trimmedDescription
        if baseText == "self" || baseText == "Self" {
            return (
                "Self." + member.declName.trimmedDescription, enclosing, member.declName.baseName.text,
                compound(member.declName)
            )
        }
        guard base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) else { return nil }
        let typeName = String(baseText.split(separator: ".").last ?? "")
        guard typeName.first?.isUppercase == true else { return nil }
        let renamed = porter.names == .tactile ? (PortRenames.types[baseText] ?? baseText) : baseText
        return (
            renamed + "." + member.declName.trimmedDescription, typeName, member.declName.baseName.text,
            compound(member.declName)
        )
    }

    // MARK: Renames and unavailable APIs

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        check(node.name, isType: true)
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id {
            return .visitChildren
        }
        check(node.baseName, isType: false)
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self) {
            let api = base.baseName.text + "." + node.declName.baseName.text
            if let message = PortUnavailableAPI.table[api] {
                warn(node.positionAfterSkippingLeadingTrivia, api, message)
            }
            if porter.names == .tactile, let renamed = PortRenames.members[api] {
                replace(node, with: renamed)
                record(
                    node.positionAfterSkippingLeadingTrivia, "\(api) → \(renamed)", "Tactile's name (--names "
                        + "tactile)")
                return .skipChildren
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        let api = node.baseType.trimmedDescription + "." + node.name.text
        if porter.names == .tactile, let renamed = PortRenames.members[api] {
            replace(node, with: renamed)
            record(node.positionAfterSkippingLeadingTrivia, "\(api) → \(renamed)", "Tactile's name (--names tactile)")
            return .skipChildren
        }
        return .visitChildren
    }

    private func check(_ token: TokenSyntax, isType: Bool) {
        let name = token.text
        if let message = PortUnavailableAPI.table[name] {
            warn(token.positionAfterSkippingLeadingTrivia, name, message)
        }
        if porter.names == .tactile, let renamed = PortRenames.types[name] {
            replace(token, with: renamed)
            record(token.positionAfterSkippingLeadingTrivia, "\(name) → \(renamed)", "Tactile's name (--names "
                + "tactile)")
        }
    }
}

/// The name of the type declaration or extension around a node.
func enclosingTypeName(of node: Syntax) -> String? {
    var current = node.parent
    while let candidate = current {
        if let decl = candidate.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = candidate.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = candidate.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = candidate.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = candidate.as(ExtensionDeclSyntax.self) {
            return String(decl.extendedType.trimmedDescription.split(separator: ".").last ?? "")
        }
        current = candidate.parent
    }
    return nil
}

/// Collects the methods of each type and the optional requirements of each protocol.
final class ContextCollector: SyntaxVisitor {
    var methods: [String: [String: Set<String>]] = [:]
    var optionalRequirements: Set<String> = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.parent?.is(ProtocolDeclSyntax.self) == true {
            if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) }) {
                optionalRequirements.insert(node.name.text)
            }
        } else if let type = enclosingTypeName(of: Syntax(node)) {
            let parameters = node.signature.parameterClause.parameters
            let name =
                parameters.isEmpty
                ? node.name.text
                : node.name.text + "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
            methods[type, default: [:]][node.name.text, default: []].insert(name)
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.optional) }),
            node.parent?.parent?.parent?.parent?.is(ProtocolDeclSyntax.self) == true
        {
            for binding in node.bindings { optionalRequirements.insert(binding.pattern.trimmedDescription) }
        }
        return .visitChildren
    }
}

/// Collects, for each optional requirement, the fallback each call site gives it: `delegate?.shouldSnap?(x) ?? true`
/// gives `true`; a call without `??` gives `nil`.
final class FallbackCollector: SyntaxVisitor {
    let names: Set<String>
    var fallbacks: [String: [String?]] = [:]

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let chain = node.calledExpression.as(OptionalChainingExprSyntax.self),
            let member = chain.expression.as(MemberAccessExprSyntax.self),
            names.contains(member.declName.baseName.text)
        else { return .visitChildren }
        var fallback: String?
        // `call ?? value` is a sequence (unfolded): the call, the `??` operator, the value.
        if let sequence = node.parent?.as(ExprListSyntax.self) {
            let elements = Array(sequence)
            if let index = elements.firstIndex(where: { $0.id == node.id }), index + 2 < elements.count,
                elements[index + 1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
            {
                let value = elements[index + 2]
                if value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
                    || value.is(FloatLiteralExprSyntax.self) || value.is(StringLiteralExprSyntax.self)
                {
                    fallback = value.trimmedDescription
                }
            }
        }
        fallbacks[member.declName.baseName.text, default: []].append(fallback)
        return .visitChildren
    }
}
