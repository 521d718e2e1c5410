package io.patchpin.rewrite;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

/**
 * A file's bytes as text that encodes back to the same bytes: strict UTF-8
 * when the file is valid UTF-8, else ISO-8859-1 (one char per byte), in which
 * case patterns are adapted the same way so UTF-8 needles still find their bytes.
 */
public record DecodedText(String value, boolean latin1) {

    public static DecodedText decode(byte[] bytes) {
        try {
            // a decoder reports a malformed byte, where new String(bytes, UTF_8) would replace it
            String s = StandardCharsets.UTF_8
                    .newDecoder()
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            return new DecodedText(s, false);
        } catch (CharacterCodingException e) {
            return new DecodedText(new String(bytes, StandardCharsets.ISO_8859_1), true);
        }
    }

    /** Encodes other text of the same file (a splice result) with this file's charset. */
    public byte[] encode(String other) {
        return other.getBytes(latin1 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    /** A needle or replacement from a patchset (UTF-8 text) as it appears in this file's text. */
    public String adapt(String utf8) {
        return latin1 ? new String(utf8.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1) : utf8;
    }
}
