import Foundation

extension PortRun {
    /// Runs the port as the `tactile port` command does: each skipped entry (`note: …`), each file's report and,
    /// with `printingDiffs`, its unified diff on standard output, then the writing and the summary line; a failure
    /// (an input refused, a file that is not valid Swift: nothing written) on standard error.
    ///
    /// - Returns: The exit status: 0, or 1 after a failure.
    public func runCommand(printingDiffs: Bool) -> Int32 {
        do throws(Failure) {
            let (files, skipped) = try port()
            var report = ""
            for line in skipped { report += "note: " + line + "\n" }
            for file in files {
                for line in file.reportLines { report += line + "\n" }
                if printingDiffs { report += file.diff }
            }
            let written = output == .none ? nil : try write(files)
            report += PortRun.summary(files: files, written: written) + "\n"
            FileHandle.standardOutput.write(Data(report.utf8))
            return 0
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return 1
        }
    }
}
