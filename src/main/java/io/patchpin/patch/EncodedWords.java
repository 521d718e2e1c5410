package io.patchpin.patch;

import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * RFC 2047 encoded words ({@code =?UTF-8?q?Jos=C3=A9?=}) in a mail header, decoded as
 * {@code git mailinfo} does: white space between two adjacent encoded words is
 * dropped, a word in an unknown charset or with bad base64 is left as written.
 */
public final class EncodedWords {
    private static final Pattern WORD = Pattern.compile("=\\?([^?\\s]+)\\?([qQbB])\\?([^?\\s]*)\\?=");

    private EncodedWords() {}

    public static String decode(String header) {
        Matcher m = WORD.matcher(header);
        StringBuilder out = new StringBuilder();
        int last = 0;
        boolean previousWord = false;
        while (m.find()) {
            String between = header.substring(last, m.start());
            if (!(previousWord && between.isBlank())) {
                out.append(between);
            }
            String decoded = word(m.group(1), m.group(2), m.group(3));
            out.append(decoded == null ? m.group() : decoded);
            previousWord = decoded != null;
            last = m.end();
        }
        return out.append(header.substring(last)).toString();
    }

    private static String word(String charsetName, String encoding, String text) {
        Charset charset;
        try {
            // RFC 2231 allows a language after '*' (UTF-8*en); it says nothing about the bytes
            charset = Charset.forName(charsetName.replaceAll("\\*.*", ""));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return null;
        }
        try {
            byte[] bytes = encoding.toLowerCase(Locale.ROOT).equals("b")
                    ? Base64.getDecoder().decode(text)
                    : quoted(text);
            return new String(bytes, charset);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** The "Q" encoding: '_' is a space, =XX a byte. */
    private static byte[] quoted(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] in = text.getBytes(StandardCharsets.ISO_8859_1);
        for (int i = 0; i < in.length; i++) {
            if (in[i] == '_') {
                out.write(' ');
            } else if (in[i] == '=' && i + 2 < in.length && hex(in[i + 1]) >= 0 && hex(in[i + 2]) >= 0) {
                out.write(hex(in[i + 1]) * 16 + hex(in[i + 2]));
                i += 2;
            } else {
                out.write(in[i]);
            }
        }
        return out.toByteArray();
    }

    private static int hex(byte b) {
        return Character.digit((char) b, 16);
    }
}
