import FuzzSupport

/// The evemu reader and the decoder behind it, on arbitrary bytes written to a `.evemu` file.
nonisolated(unsafe) let file = InputFile(suffix: ".evemu")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzTraceFile(file, data, size)
    return 0
}

@_cdecl("FuzzEvemu_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc: argc, argv: argv, fuzzOne)
}
