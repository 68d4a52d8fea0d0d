import CLibXML2
import PropertyList
import UTIScopeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`utiscope dump big.plist | head`) should end the output, not kill the process.
signal(SIGPIPE, SIG_IGN)
// A large lint builds and drops many big arrays (the model, the indexes, the report's chunks):
// faulting their pages in again each time was ~5% of the time on gen.py's c_huge.plist.
utiscope_keep_freed_memory()
var context = CommandContext(output: StandardStream.output(), errors: StandardStream.error())
context.exitsAfterCommand = true
let status = UTIScope.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status.rawValue)
