package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Arch PKGBUILD's {@code prepare()}: {@code patch -p1 -i FILE} (or {@code < FILE}), {@code git apply FILE} and
 * {@code sed -i} lines, in order. Patch files are the local sources beside the PKGBUILD (makepkg links them into
 * {@code $srcdir}); simple top-level assignments ({@code pkgname=}, {@code pkgver=}, {@code _x=}) resolve in names.
 */
final class PkgbuildRecipe {
    private static final Pattern ASSIGN = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)=(['\"]?)([^'\"$`()\\s]*)\\2\\s*$");

    private PkgbuildRecipe() {}

    static List<Step> read(RecipeText t) {
        Vars vars = new Vars().put("srcdir", ".").put("startdir", ".");
        List<Step> out = new ArrayList<>();
        boolean inPrepare = false;
        int next = 0;
        for (int i = 0; i < t.lines.size(); i = next) {
            RecipeText.Logical l = t.logical(i);
            next = l.next();
            String s = l.text().strip();
            Matcher m;
            if (!inPrepare && (m = ASSIGN.matcher(s)).matches()) {
                vars.put(m.group(1), m.group(3));
            } else if (s.matches("prepare\\(\\)\\s*\\{.*")) {
                inPrepare = true;
            } else if (inPrepare && l.text().startsWith("}")) {
                inPrepare = false;
            } else if (inPrepare) {
                command(t, l, s, vars, out);
            }
        }
        return out;
    }

    private static void command(RecipeText t, RecipeText.Logical l, String s, Vars vars, List<Step> out) {
        List<String> words = Words.split(s.replaceAll("\\s#.*$", "")).orElse(List.of());
        if (words.isEmpty()) {
            return;
        }
        if (words.get(0).equals("patch")) {
            int strip = RecipeText.strip(words, 0);
            RecipeText.operands(words, 1).forEach(f -> out.add(t.patch(l.line(), s, base(f), vars, strip, "")));
        } else if (words.size() > 1
                && words.get(0).equals("git")
                && words.get(1).equals("apply")) {
            int strip = RecipeText.strip(words, 1);
            RecipeText.operands(words, 2).forEach(f -> out.add(t.patch(l.line(), s, base(f), vars, strip, "")));
        } else if (RecipeText.sedInPlace(s)) {
            out.add(new Step.Shell(l.line(), l.text()));
        } else {
            RecipeText.opaque(s).ifPresent(r -> out.add(new Step.Skipped(l.line(), s, r)));
        }
    }

    /**
     * makepkg puts every local source in $srcdir: the file is the one beside the PKGBUILD with that name. An absolute
     * path is kept, for the recipe's folder rule to refuse.
     */
    private static String base(String path) {
        return path.startsWith("/") ? path : path.substring(path.lastIndexOf('/') + 1);
    }
}
