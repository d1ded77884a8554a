// The RadioMap module; see README "Architecture".
