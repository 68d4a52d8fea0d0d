import UTIScopeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// A closed pipe (`utiscope dump big.plist | head`) should end the output, not kill the process.
signal(SIGPIPE, SIG_IGN)
var context = CommandContext(output: StandardStream.output(), errors: StandardStream.error())
context.exitsAfterCommand = true
let status = UTIScope.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status.rawValue)
