// The Cellular module: serving cell from ModemManager.
