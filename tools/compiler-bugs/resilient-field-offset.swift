// Swift 6.3.1 (swift-6.3.1-RELEASE, x86_64 Linux) miscompiles this at -O: the first `Service`
// gets its `started` written over its own object header. Run with tools/compiler-bugs/run.
//
// `ContinuousClock.Instant` is a resilient (non-@frozen) standard-library struct, so a class
// that stores one has a field offset the runtime computes: the offset global
// (`$s…7started…Wvd`, in .bss) reads 0 until the class's metadata accessor has run once. The
// accessor is declared `memory(none)` to LLVM, so in the peeled first iteration of the loop
// below GVN's PRE loads the offset *before* the accessor call that fills it: 0, and the
// 16-byte instant lands on the isa pointer and reference count. Later objects are right.
import Foundation

final class Service {
    let name: String
    let started: ContinuousClock.Instant

    init(name: String, started: ContinuousClock.Instant) {
        self.name = name
        self.started = started
    }
}

@inline(never) func makeName(_ number: Int) -> String { "service \(number)" }

final class Server {
    let firstName: String
    let services: [Service]

    init(count: Int) {
        firstName = "service 0"
        let started = ContinuousClock.now
        var services: [Service] = []
        for number in 0..<count {
            let name = number == 0 ? firstName : makeName(number)
            services.append(Service(name: name, started: started))
        }
        self.services = services
    }
}

let server = Server(count: 2)
let metadata = UInt(bitPattern: unsafeBitCast(Service.self, to: Int.self))
var clobbered = 0
for service in server.services {
    let header = Unmanaged.passUnretained(service).toOpaque().load(as: UInt.self)
    let verdict = header == metadata ? "header is Service's metadata" : "header OVERWRITTEN: 0x\(String(header, radix: 16))"
    print("\(service.name): \(verdict); started = \(service.started)")
    if header != metadata { clobbered += 1 }
}
print(clobbered == 0 ? "correct" : "MISCOMPILED: \(clobbered) of \(server.services.count) objects have a clobbered header")
exit(clobbered == 0 ? 0 : 1)
