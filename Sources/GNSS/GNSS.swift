// The GNSS module; see README "Architecture".
