import CZlib
import Foundation

/// Writes RGBA pixels as an 8-bit RGB PNG (each row filtered with `Sub`, compressed with zlib).
enum PNG {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws {
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(1)  // filter: Sub
            var previous: (UInt8, UInt8, UInt8) = (0, 0, 0)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let pixel = (rgba[i], rgba[i + 1], rgba[i + 2])
                raw.append(pixel.0 &- previous.0)
                raw.append(pixel.1 &- previous.1)
                raw.append(pixel.2 &- previous.2)
                previous = pixel
            }
        }
        var compressedSize = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        let status = compress2(&compressed, &compressedSize, raw, uLong(raw.count), 6)
        guard status == Z_OK else { throw WriteError(description: "\(path): zlib compress2 failed (\(status))") }
        compressed.removeSubrange(Int(compressedSize)...)

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = [UInt8]()
        header.append(contentsOf: bigEndian(UInt32(width)))
        header.append(contentsOf: bigEndian(UInt32(height)))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &file)
        chunk("IDAT", compressed, into: &file)
        chunk("IEND", [], into: &file)
        guard FileManager.default.createFile(atPath: path, contents: Data(file)) else {
            throw WriteError(description: "\(path): cannot write the screenshot")
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8], into file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file.append(contentsOf: bigEndian(UInt32(data.count)))
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt(data.count)) }
        file.append(contentsOf: typeBytes)
        file.append(contentsOf: data)
        file.append(contentsOf: bigEndian(UInt32(crc)))
    }
}
