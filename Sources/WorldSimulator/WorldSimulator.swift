// The WorldSimulator module; see README "Architecture".
