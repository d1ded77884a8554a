// The Cellular module; see README "Architecture".
