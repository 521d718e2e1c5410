package io.patchpin.sed;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sed command on the lines a regular-expression address selects, as the existing entry kinds express it: {@code d}
 * a rewrite of those lines to nothing ({@code /a/,/b/d} of the range), {@code a}/{@code i} an insert after/before the
 * line, {@code c} a rewrite of the line, and {@code /re/ s/$/T/} or {@code s/^/T/} text added at the line's end or
 * start. A line-number address, or anything else, is not one of these: the caller names it.
 *
 * @param end the range's closing address, or null
 */
record SedLineCommand(String address, String end, char command, String text) {
    private static final Pattern FORM = Pattern.compile(
            "(?s)/((?:[^/\\\\]|\\\\.)+)/(?:,/((?:[^/\\\\]|\\\\.)+)/)?\\s*(d|[aic](?:\\\\(.*)|\\s*(.*))|s/([$^])/((?:[^/\\\\]|\\\\.)*)/)\\s*");

    static Optional<SedLineCommand> parse(String script) {
        Matcher m = FORM.matcher(script.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        char c = m.group(3).charAt(0);
        if (c == 's') {
            if (m.group(2) != null || m.group(7).matches("(?s).*(&|\\\\\\d).*")) {
                return Optional.empty();
            }
            return Optional.of(new SedLineCommand(m.group(1), null, m.group(6).equals("$") ? '>' : '<', m.group(7)));
        }
        if (m.group(2) != null && c != 'd') {
            return Optional.empty();
        }
        return Optional.of(new SedLineCommand(
                m.group(1), m.group(2), c, c == 'd' ? "" : m.group(4) != null ? m.group(4) : m.group(5)));
    }

    /** The entry with the same effect on the file (ERE addresses when {@code ere}). */
    Entry entry(String id, String component, String file, boolean ere, String why) {
        String re = line(address, ere);
        String text = SedTranslator.literalReplacement(this.text, "");
        return switch (command) {
            case 'd' ->
                rewrite(
                        id,
                        component,
                        file,
                        "(?m)^" + re + "\\n" + (end == null ? "" : "(?:[^\\n]*\\n)*?^" + line(end, ere) + "\\n"),
                        "",
                        why);
            case 'c' -> rewrite(id, component, file, "(?m)^" + re + "$", dollars(text), why);
            case '>' -> rewrite(id, component, file, "(?m)^(" + re + ")$", "${1}" + dollars(text), why);
            case '<' -> rewrite(id, component, file, "(?m)^(" + re + ")$", dollars(text) + "${1}", why);
            default ->
                new InsertEntry(
                        Entry.Common.of(id, component, why, List.of()),
                        file,
                        SedTranslator.pattern(address, ere, false).regex(),
                        true,
                        command == 'a' ? InsertEntry.Position.AFTER : InsertEntry.Position.BEFORE,
                        text,
                        Optional.empty());
        };
    }

    /** A whole line holding a match of the address. */
    private static String line(String address, boolean ere) {
        return "[^\\n]*(?:" + SedTranslator.pattern(address, ere, false).regex() + ")[^\\n]*";
    }

    private static String dollars(String text) {
        return text.replace("$", "$$");
    }

    private static RewriteEntry rewrite(String id, String component, String file, String find, String to, String why) {
        return new RewriteEntry(
                Entry.Common.of(id, component, why, List.of()), file, find, to, true, Occurrence.ALL, Optional.empty());
    }
}
