package io.patchpin.recipe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Gentoo ebuild: the {@code PATCHES=( ... )} array (applied by the default src_prepare), {@code eapply} lines,
 * and the {@code sed -i} lines of {@code src_prepare()}. {@code ${FILESDIR}}, {@code ${P}}, {@code ${PN}},
 * {@code ${PV}} and {@code ${PF}} come from the ebuild's folder and file name.
 */
final class EbuildRecipe {
    private static final Pattern NAME = Pattern.compile("(.+?)-(\\d[^-]*)(?:-(r\\d+))?\\.ebuild");

    private EbuildRecipe() {}

    static List<Step> read(RecipeText t, Path file) {
        Vars vars = vars(file);
        List<Step> patches = new ArrayList<>();
        List<Step> prepare = new ArrayList<>();
        boolean inArray = false;
        boolean inPrepare = false;
        int next = 0;
        for (int i = 0; i < t.lines.size(); i = next) {
            RecipeText.Logical l = t.logical(i);
            next = l.next();
            String s = l.text().strip();
            if (inArray || s.startsWith("PATCHES=(") || s.startsWith("PATCHES+=(")) {
                String body = inArray ? s : s.substring(s.indexOf('(') + 1);
                inArray = !body.contains(")");
                body = body.replaceAll("\\).*$", "").replaceAll("#.*$", "");
                for (String w : Words.split(body).orElse(List.of())) {
                    patches.add(t.patch(l.line(), s, w, vars, 1, ""));
                }
            } else if (s.matches("src_prepare\\(\\)\\s*\\{.*")) {
                inPrepare = true;
            } else if (inPrepare && l.text().startsWith("}")) {
                inPrepare = false;
            } else if (inPrepare && s.startsWith("eapply ")) {
                List<String> words = Words.split(s.replaceAll("\\s#.*$", "")).orElse(List.of());
                int strip = RecipeText.strip(words, 1);
                RecipeText.operands(words, 1).forEach(w -> prepare.add(t.patch(l.line(), s, w, vars, strip, "")));
            } else if (inPrepare && RecipeText.sedInPlace(s)) {
                prepare.add(new Step.Shell(l.line(), l.text()));
            } else if (inPrepare) {
                RecipeText.opaque(s).ifPresent(r -> prepare.add(new Step.Skipped(l.line(), s, r)));
            }
        }
        // the default src_prepare applies PATCHES when the ebuild's own calls default (or has none)
        List<Step> out = new ArrayList<>(patches);
        out.addAll(prepare);
        return out;
    }

    private static Vars vars(Path file) {
        Vars v = new Vars().put("FILESDIR", "files");
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (m.matches()) {
            String pn = m.group(1);
            String pv = m.group(2);
            v.put("PN", pn)
                    .put("PV", pv)
                    .put("P", pn + "-" + pv)
                    .put("PF", pn + "-" + pv + (m.group(3) == null ? "" : "-" + m.group(3)));
            if (m.group(3) != null) {
                v.put("PR", m.group(3));
            }
        }
        return v;
    }
}
