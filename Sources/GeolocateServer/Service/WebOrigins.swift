import SurveyFormats

/// What web pages may do with the server (`--allow-origin`), and the DNS-rebinding guard.
///
/// A page the user opens can send a `text/plain` POST to a loopback server without any CORS
/// preflight, and a name it controls can be re-pointed at 127.0.0.1; so a request whose
/// `Origin` is a web origin other than the allowed one, or whose `Host` is a name other than
/// `localhost` (an IP literal, the listen host or `localhost` pass), is refused with 403 on
/// every endpoint. Clients that are not browsers send no `Origin` and are not affected.
enum WebOrigins {
    /// The 403 for a request a web page must not make, or nil.
    static func refusal(of head: HTTPRequestHead, allowedOrigin: String?, listenHost: String) -> HTTPResponse? {
        if let origin = head.value(of: "Origin"), isWebOrigin(origin), origin != allowedOrigin {
            return HTTPResponse(error: GeolocateErrorResponse(
                code: 403, reason: "originNotAllowed", message: "Requests from web origin \(origin) are not allowed (serve --allow-origin)"))
        }
        if let host = head.value(of: "Host"), !isOwnHost(host, listenHost: listenHost) {
            return HTTPResponse(error: GeolocateErrorResponse(
                code: 403, reason: "hostNotAllowed", message: "Host \(host) is not this server's address or localhost"))
        }
        return nil
    }

    /// The answer to an `OPTIONS` preflight: 204 with the CORS headers for the allowed
    /// origin, else 403.
    static func preflight(_ head: HTTPRequestHead, allowedOrigin: String?) -> HTTPResponse {
        guard let allowedOrigin, head.value(of: "Origin") == allowedOrigin else {
            return HTTPResponse(error: GeolocateErrorResponse(code: 403, reason: "originNotAllowed",
                                                              message: "No cross-origin requests are allowed from this origin"))
        }
        return HTTPResponse(statusCode: 204, body: [], extraHeaders: [
            ("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS"),
            ("Access-Control-Allow-Headers", "Content-Type, Content-Encoding"), ("Access-Control-Max-Age", "600")])
    }

    /// `http://…` or `https://…`: a page's origin (not `null`, not a browser extension's).
    private static func isWebOrigin(_ origin: String) -> Bool {
        origin.hasPrefix("http://") || origin.hasPrefix("https://")
    }

    /// `localhost`, the listen host, or an IP literal (DNS rebinding needs a name), port aside.
    private static func isOwnHost(_ value: String, listenHost: String) -> Bool {
        var host = Substring(value.lowercased())
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            return host[host.index(after: host.startIndex)..<close].allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        if let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        if host == "localhost" || host == listenHost.lowercased() { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
