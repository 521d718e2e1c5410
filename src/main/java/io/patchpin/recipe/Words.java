package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Shell words of one line, as sh splits them: single quotes literal, double quotes and backslashes as sh reads
 * them; a variable left in a word is kept as written ({@code $x}, {@code ${x}}) for {@link Vars} to resolve.
 * Unbalanced quotes give nothing.
 */
final class Words {
    private Words() {}

    static Optional<List<String>> split(String line) {
        return split(line, new ArrayList<>());
    }

    /** As above; {@code expands} gets, for each word, whether a {@code $} in it is outside single quotes. */
    static Optional<List<String>> split(String line, List<Boolean> expands) {
        List<String> out = new ArrayList<>();
        boolean dollar = false;
        StringBuilder w = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote == '\'') {
                if (c == '\'') {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (quote == '"') {
                if (c == '"') {
                    quote = 0;
                } else if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                    w.append(line.charAt(++i));
                } else {
                    dollar |= c == '$';
                    w.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (w != null) {
                    out.add(w.toString());
                    expands.add(dollar);
                    w = null;
                    dollar = false;
                }
            } else {
                w = w == null ? new StringBuilder() : w;
                if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '\\' && i + 1 < line.length()) {
                    w.append(line.charAt(++i));
                } else {
                    dollar |= c == '$';
                    w.append(c);
                }
            }
        }
        if (quote != 0) {
            return Optional.empty();
        }
        if (w != null) {
            out.add(w.toString());
            expands.add(dollar);
        }
        return Optional.of(out);
    }
}
