package io.patchpin.sed;

import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.DecodedText;
import io.patchpin.rewrite.Finder;
import io.patchpin.rewrite.LineIndex;
import io.patchpin.rewrite.Match;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Maps one sed substitution on one file to a rewrite entry with the same effect on the file at the base.
 * <ul>
 * <li>{@code g}: every match ({@code occurrence = "all"}).</li>
 * <li>{@code -z} (whole file is one line): no flag = the 1st match in the file, {@code N} = the Nth match in the
 * file.</li>
 * <li>no flag, line mode (first match per line): when no line holds two matches at the base this is {@code all}, which
 * edits the same places; a later second match on a line then changes the match count and verify says AMBIGUOUS instead
 * of silently diverging. Otherwise the regex {@code ^(.*?)(PATTERN)} with replacement {@code ${1}...}, which edits
 * exactly the first match of each line.</li>
 * <li>{@code N} without {@code -z} (Nth match per line) and {@code Ng} are not converted.</li>
 * </ul>
 */
final class SedMapping {
    private SedMapping() {}

    /** @param base the file at the base, null when its objects are not here */
    static RewriteEntry entry(
            String id,
            String component,
            String file,
            SedSubstitution s,
            boolean wholeFile,
            boolean ere,
            byte[] base,
            long regexWork,
            String why) {
        SedTranslator.Pattern p = SedTranslator.pattern(s.pattern(), ere, wholeFile);
        String regex = s.ignoreCase() ? "(?i)" + p.regex() : p.regex();
        String literal = s.ignoreCase() ? null : p.literal();
        Occurrence occ;
        if (s.global()) {
            occ = Occurrence.ALL;
        } else if (wholeFile) {
            occ = new Occurrence(Math.max(1, s.nth()));
        } else if (s.nth() > 1) {
            throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.NTH_OF_EACH_LINE, s.nth());
        } else if (base != null
                && atMostOnePerLine(base, literal != null ? Finder.literal(literal) : Finder.regex(regex, regexWork))) {
            occ = Occurrence.ALL;
        } else {
            String find = "^(.*?)(" + (literal != null ? quoteAll(literal) : regex) + ")";
            String replace = "${1}" + SedTranslator.template(s.replacement(), 2, p.groups());
            return new RewriteEntry(id, component, file, find, replace, true, Occurrence.ALL, why, List.of(), null);
        }
        String replace = literal != null
                ? SedTranslator.literalReplacement(s.replacement(), literal)
                : SedTranslator.template(s.replacement(), 0, p.groups());
        String find = literal != null ? literal : regex;
        return new RewriteEntry(id, component, file, find, replace, literal == null, occ, why, List.of(), null);
    }

    private static boolean atMostOnePerLine(byte[] base, Finder f) {
        DecodedText t = DecodedText.decode(base);
        LineIndex lines = new LineIndex(t.value());
        List<Match> matches = f.locate(t.value());
        return matches.stream().map(m -> lines.lineOf(m.start())).distinct().count() == matches.size();
    }

    private static String quoteAll(String literal) {
        return literal.chars()
                .mapToObj(c -> c == '\n' ? "\\n" : SedTranslator.quote((char) c))
                .collect(Collectors.joining());
    }
}
