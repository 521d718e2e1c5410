package io.patchpin.recipe;

import io.patchpin.patchset.Condition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spack {@code package.py}: {@code patch("file.patch", sha256="...", when="@5.7:", level=1)} calls, in order,
 * their {@code when=} kept as the entry's note and its version range as the entry's condition. A URL is named,
 * not fetched; {@code working_dir=} moves the patch into that folder of the project.
 */
final class SpackRecipe {
    private static final Pattern CALL = Pattern.compile("^\\s*patch\\s*\\(");
    private static final Pattern FIRST = Pattern.compile("^\\s*patch\\s*\\(\\s*(['\"])(.*?)\\1");
    private static final Pattern KEYWORD =
            Pattern.compile("\\b(when|level|working_dir|sha256)\\s*=\\s*(?:(['\"])(.*?)\\2|(\\d+))");

    private SpackRecipe() {}

    static List<Step> read(RecipeText t) {
        List<Step> out = new ArrayList<>();
        for (int i = 0; i < t.lines.size(); i++) {
            if (!CALL.matcher(t.lines.get(i)).find()) {
                continue;
            }
            int start = i;
            StringBuilder call = new StringBuilder(t.lines.get(i));
            while (depth(call) > 0 && i + 1 < t.lines.size()) {
                call.append(' ').append(t.lines.get(++i).strip());
            }
            out.add(call(t, start + 1, call.toString().strip()));
        }
        return out;
    }

    /** The step of one {@code patch(...)} call, written from {@code line} on. */
    private static Step call(RecipeText t, int line, String text) {
        Matcher first = FIRST.matcher(text);
        if (!first.find()) {
            return new Step.Skipped(line, text, "the patch is not named by a string literal");
        }
        String when = "";
        int level = 1;
        String dir = "";
        String sha256 = "SKIP";
        Matcher k = KEYWORD.matcher(text.substring(first.end()));
        while (k.find()) {
            switch (k.group(1)) {
                case "when" -> when = k.group(3);
                case "level" -> level = k.group(4) != null ? Integer.parseInt(k.group(4)) : level;
                case "sha256" ->
                    sha256 = k.group(3) != null && k.group(3).matches("[0-9a-fA-F]{64}") ? k.group(3) : sha256;
                default -> dir = k.group(3) == null ? "" : k.group(3);
            }
        }
        Optional<String> beyond = Condition.beyondVersion(when);
        if (beyond.isPresent()) {
            return new Step.Skipped(
                    line, text, "when= depends on more than the version (" + beyond.get() + "): not imported");
        }
        Optional<Condition> range;
        try {
            range = Condition.ofSpackWhen(when);
        } catch (IllegalArgumentException e) {
            return new Step.Skipped(line, text, "when=: " + e.getMessage());
        }
        String note = when.isEmpty() ? "" : "spack: when=\"" + when + "\"";
        // Spack checks the sha256 before it applies; a computed one ("1" * 64) is left to Spack
        Step s = t.checked(t.patch(line, text, first.group(2), new Vars(), level), "sha256", sha256);
        return !(s instanceof Step.PatchFile p)
                ? s
                : new Step.PatchFile(
                        p.line(),
                        p.text(),
                        p.file(),
                        p.strip(),
                        dir.isEmpty() ? note : (note + " working_dir=" + dir).strip(),
                        range.orElse(Condition.ALWAYS));
    }

    private static int depth(CharSequence s) {
        return s.chars().map(c -> c == '(' ? 1 : c == ')' ? -1 : 0).sum();
    }
}
