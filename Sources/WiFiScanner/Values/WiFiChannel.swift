/// The radio band an access point transmits in.
public enum WiFiBand: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 2.4 GHz (channels 1–14).
    case band2_4GHz = "2.4"
    /// 5 GHz, including the 4.9 GHz public-safety channels.
    case band5GHz = "5"
    /// 6 GHz (Wi-Fi 6E/7, channels 1–233).
    case band6GHz = "6"
    /// 60 GHz (802.11ad/ay, channels 1–6).
    case band60GHz = "60"

    /// The band's name as people write it: "2.4 GHz", "5 GHz", "6 GHz", "60 GHz".
    public var description: String { rawValue + " GHz" }
}

/// A Wi-Fi channel: its number within its band, derived from the centre frequency.
///
/// Channel numbers repeat across bands (5 GHz and 6 GHz both have a channel 1…),
/// so a channel is always a number *and* a band.
///
/// ```swift
/// WiFiChannel(frequency: 2437)   // channel 6, 2.4 GHz
/// WiFiChannel(frequency: 5955)   // channel 1, 6 GHz
/// ```
public struct WiFiChannel: Sendable, Hashable, CustomStringConvertible {
    /// The channel number within the band.
    public let number: Int
    /// The band the channel belongs to.
    public let band: WiFiBand

    /// Derives the channel from a centre frequency in MHz, or returns nil for a frequency that
    /// is no Wi-Fi channel centre.
    ///
    /// The arithmetic follows IEEE 802.11-2020 Annex E and the kernel's
    /// `ieee80211_freq_khz_to_channel` (net/wireless/util.c).
    public init?(frequency: Int) {
        switch frequency {
        case 2484:
            (number, band) = (14, .band2_4GHz)
        case 2412...2472 where (frequency - 2407) % 5 == 0:
            (number, band) = ((frequency - 2407) / 5, .band2_4GHz)
        case 5935:
            // 6 GHz channel 2 sits below the regular 5 MHz raster (802.11ax D6.1 27.3.23.2).
            (number, band) = (2, .band6GHz)
        case 5955...7115 where (frequency - 5950) % 5 == 0:
            (number, band) = ((frequency - 5950) / 5, .band6GHz)
        case 4910...4980 where frequency % 5 == 0:
            (number, band) = ((frequency - 4000) / 5, .band5GHz)
        case 5000...5925 where frequency % 5 == 0:
            (number, band) = ((frequency - 5000) / 5, .band5GHz)
        case 58320...70200 where (frequency - 56160) % 2160 == 0:
            (number, band) = ((frequency - 56160) / 2160, .band60GHz)
        default:
            return nil
        }
    }

    public var description: String { "\(number) (\(band))" }
}
