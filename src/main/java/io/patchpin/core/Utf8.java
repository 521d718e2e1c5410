package io.patchpin.core;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Strict UTF-8 decoding of input files: a bad byte is bad input naming the file, line and column. */
public final class Utf8 {
    private Utf8() {}

    /** The text of {@code bytes}, or bad input at the line and column of the first invalid byte. */
    public static String decode(String source, byte[] bytes) {
        // a decoder reports a malformed byte, where new String(bytes, UTF_8) would replace it
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new BadInputException(
                    source,
                    line,
                    "column " + (at - lineStart + 1) + ": not valid UTF-8 (byte 0x"
                            + String.format(Locale.ROOT, "%02x", bytes[at] & 0xff) + ")");
        }
        decoder.flush(out);
        out.flip();
        return out.toString();
    }
}
