// The WiFiScanner module; see README "Architecture".
