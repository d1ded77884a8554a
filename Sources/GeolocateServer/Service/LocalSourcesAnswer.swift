import SurveyFormats

/// What this machine's own sources say for a request that carries no radios (`serve
/// --local-sources`): the location service's fix as a geolocate response, or the error that
/// says why there is none.
public enum LocalSourcesAnswer: Sendable {
    /// A fix, rendered as `locate --json` renders it (with its fallback trail).
    case fix(GeolocateResponse)
    /// No fix: a 404 `notFound` whose `fallback` trail says what each source did.
    case noFix(GeolocateErrorResponse)
}
