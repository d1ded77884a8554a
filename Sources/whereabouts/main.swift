import WhereaboutsCLI

#if canImport(Glibc)
import Glibc
#endif

exit(await Whereabouts.run(Array(CommandLine.arguments.dropFirst())))
