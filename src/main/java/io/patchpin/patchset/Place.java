package io.patchpin.patchset;

import io.patchpin.core.Hashes;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Evidence of where one edited match sat at the base, enough to recognise the same place later: the matched text, the
 * lines holding it before the edit, the edited lines after it, and each context line around them.
 *
 * @param line         1-based first edited line at the base, after the edit
 * @param matched      the matched text (a long one as {@code sha256:<hex>})
 * @param matchedLines sha256 of the lines holding the match before the edit (contents joined by '\n')
 * @param edited       sha256 of the edited lines after the edit (contents joined by '\n')
 * @param editedLines  how many lines were edited (0 when the edit removed whole lines)
 * @param above        short hash ({@value #SHORT} hex) of each context line above the edited lines, in file order
 * @param below        short hash of each context line below them, in file order
 */
public record Place(
        int line,
        String matched,
        String matchedLines,
        String edited,
        int editedLines,
        List<String> above,
        List<String> below) {
    /** Hex digits kept of each context line's sha256. */
    public static final int SHORT = 16;
    /** Matched texts longer than this are kept as their hash. */
    public static final int MAX_MATCHED = 200;

    public Place {
        Objects.requireNonNull(matched, "matched");
        Hashes.requireSha256(matchedLines, "matched_lines");
        Hashes.requireSha256(edited, "edited");
        above = List.copyOf(above);
        below = List.copyOf(below);
        Stream.concat(above.stream(), below.stream()).forEach(Place::requireShort);
        if (line < 1 || editedLines < 0) {
            throw new IllegalArgumentException("place line and edited_lines must be positive");
        }
    }

    private static void requireShort(String h) {
        if (!h.matches("[0-9a-f]{" + SHORT + "}")) {
            throw new IllegalArgumentException("context line hash is not " + SHORT + " hex digits: " + h);
        }
    }

    /** How a matched text is recorded: itself, or its hash when long. */
    public static String recorded(String matchedText) {
        return matchedText.length() <= MAX_MATCHED ? matchedText : "sha256:" + Hashes.sha256(matchedText);
    }

    public boolean sameMatch(String matchedText) {
        return matched.equals(recorded(matchedText));
    }

    /** The recorded matched text for display. */
    public String matchedForDisplay() {
        return matched.startsWith("sha256:") ? "(a match longer than " + MAX_MATCHED + " characters)" : matched;
    }
}
