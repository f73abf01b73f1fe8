import FuzzSupport

/// The libinput-record reader (YAML header, streamed events) and the decoder behind it, on bytes written to a `.yml`
/// file.
nonisolated(unsafe) let file = InputFile(suffix: ".yml")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTraceFile(file, data, size)
    return 0
}

@_cdecl("FuzzLibinputRecord_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzOne)
}
