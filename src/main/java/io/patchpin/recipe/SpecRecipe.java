package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An RPM spec: {@code PatchN:} tags, applied by {@code %autosetup -pN} / {@code %autopatch -pN} (every patch, in
 * number order) or one by one with {@code %patch -P N -pM} / {@code %patchN}; {@code sed -i} lines of {@code %prep}.
 * {@code %{name}}, {@code %{version}} and {@code %global}/{@code %define} values resolve in patch names.
 */
final class SpecRecipe {
    private static final Pattern TAG =
            Pattern.compile("^(Name|Version|Release)\\s*:\\s*(\\S+)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern PATCH_TAG =
            Pattern.compile("^Patch(\\d*)\\s*:\\s*(\\S.*?)\\s*$", Pattern.CASE_INSENSITIVE);
    private static final Pattern DEFINE = Pattern.compile("^%(?:global|define)\\s+(\\w+)\\s+(\\S+)\\s*$");
    private static final Pattern SECTION =
            Pattern.compile("^%(prep|build|install|check|files|changelog|description|package"
                    + "|pre|post|preun|postun|conf|generate_buildrequires)\\b.*");
    private static final Pattern PATCH_MACRO = Pattern.compile("^%patch(\\d*)\\b(.*)$");

    private SpecRecipe() {}

    static List<Step> read(RecipeText t) {
        Vars vars = new Vars();
        Map<Integer, Integer> tagLine = new TreeMap<>();
        Map<Integer, String> patches = new TreeMap<>();
        List<Step> steps = new ArrayList<>();
        String section = "";
        for (RecipeText.Logical l : t.logicalLines()) {
            String s = l.text().strip();
            Matcher m;
            if (SECTION.matcher(s).matches()) {
                section = s.substring(1).split("\\s")[0];
            } else if ((m = DEFINE.matcher(s)).matches()) {
                // rpm expands macros in a definition's value too (Version: %{rocm_version})
                vars.put(m.group(1), vars.expand(m.group(2)).orElse(m.group(2)));
            } else if (section.isEmpty() && (m = TAG.matcher(s)).matches()) {
                vars.put(
                        m.group(1).toLowerCase(Locale.ROOT),
                        vars.expand(m.group(2)).orElse(m.group(2)));
            } else if (section.isEmpty() && (m = PATCH_TAG.matcher(s)).matches()) {
                int n = m.group(1).isEmpty() ? 0 : Integer.parseInt(m.group(1));
                patches.put(n, m.group(2));
                tagLine.put(n, l.line());
            } else if (section.equals("prep")) {
                prep(t, l, s, vars, patches, tagLine, steps);
            }
        }
        return steps;
    }

    private static void prep(
            RecipeText t,
            RecipeText.Logical l,
            String s,
            Vars vars,
            Map<Integer, String> patches,
            Map<Integer, Integer> tagLine,
            List<Step> steps) {
        List<String> words = Words.split(s).orElse(List.of());
        Matcher m = PATCH_MACRO.matcher(s);
        if (s.startsWith("%autosetup") || s.startsWith("%autopatch")) {
            if (s.startsWith("%autosetup") && words.stream().anyMatch(w -> w.equals("-N"))) {
                return; // -N: no patches applied here, a later %autopatch does it
            }
            int strip = RecipeText.strip(words, 0);
            patches.forEach(
                    (n, name) -> steps.add(t.patch(tagLine.get(n), "Patch" + n + ": " + name, name, vars, strip)));
        } else if (m.matches()) {
            Integer n = m.group(1).isEmpty() ? number(words) : Integer.valueOf(m.group(1));
            if (n == null || !patches.containsKey(n)) {
                steps.add(new Step.Skipped(l.line(), s, "no PatchN: tag for this %patch"));
                return;
            }
            steps.add(t.patch(l.line(), s, patches.get(n), vars, RecipeText.strip(words, 0)));
        } else {
            RecipeText.shellLine(l.line(), s, l.text()).ifPresent(steps::add);
        }
    }

    /** The patch number of {@code %patch -P N}, {@code %patch N} or {@code %patch -PN}. */
    private static Integer number(List<String> words) {
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("-P") && i + 1 < words.size() && words.get(i + 1).matches("\\d+")) {
                return Integer.valueOf(words.get(i + 1));
            }
            if (w.matches("-P\\d+")) {
                return Integer.valueOf(w.substring(2));
            }
            if (w.matches("\\d+")) {
                return Integer.valueOf(w);
            }
        }
        return null;
    }
}
