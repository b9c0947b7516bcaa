#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A calendar date and a time of day, turned into a moment by the C library's rules: UTC, a fixed offset, or local
/// time as `$TZ` and `/etc/localtime` say, as `date` and every C tool read it.
///
/// FoundationEssentials alone knows no time zone but UTC and fixed offsets (named zones and the local one come with
/// ICU), so local time goes through `mktime` and `localtime_r`, which read the system's zone database.
package struct CivilTime: Equatable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int

    /// The fields of a moment in a C `tm`.
    private init(_ fields: tm) {
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
        second = Int(fields.tm_sec)
    }

    /// Creates the fields of a date and time, unchecked: ``secondsSince1970(offset:)`` refuses those no day has.
    package init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    private var cFields: tm? {
        guard let year = Int32(exactly: year - 1900), let month = Int32(exactly: month - 1),
            let day = Int32(exactly: day), let hour = Int32(exactly: hour), let minute = Int32(exactly: minute),
            let second = Int32(exactly: second)
        else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (year, month, day)
        (fields.tm_hour, fields.tm_min, fields.tm_sec) = (hour, minute, second)
        fields.tm_isdst = -1
        return fields
    }

    /// The local date and time of a moment, as `$TZ` and `/etc/localtime` say, and the zone's offset then.
    ///
    /// - Parameter seconds: Seconds since 1970.
    /// - Returns: The fields and the offset in seconds east of UTC, or `nil` when the C library cannot represent the
    ///   moment.
    package static func local(secondsSince1970 seconds: Int) -> (time: CivilTime, offset: Int)? {
        var moment = time_t(seconds)
        var fields = tm()
        guard localtime_r(&moment, &fields) != nil else { return nil }
        return (CivilTime(fields), Int(fields.tm_gmtoff))
    }

    /// The moment these fields name, in seconds since 1970.
    ///
    /// - Parameter offset: Seconds east of UTC the fields are in; `nil` for local time.
    /// - Returns: The seconds, or `nil` when no such moment exists: a day such as February 30, an hour past 23, or a
    ///   local time a change of clocks skips. The C library moves such fields on to a real moment; the moment's
    ///   own fields must then be these.
    package func secondsSince1970(offset: Int?) -> Int? {
        guard var fields = cFields else { return nil }
        var back = tm()
        if let offset {
            var seconds = timegm(&fields)
            guard gmtime_r(&seconds, &back) != nil, CivilTime(back) == self else { return nil }
            return Int(seconds) - offset
        }
        var seconds = mktime(&fields)
        guard localtime_r(&seconds, &back) != nil, CivilTime(back) == self else { return nil }
        return Int(seconds)
    }
}
