package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Arch PKGBUILD's {@code prepare()}: {@code patch -p1 -i FILE} (or {@code < FILE}), {@code git apply FILE} and
 * {@code sed -i} lines, in order. Patch files are the local sources beside the PKGBUILD (makepkg links them into
 * {@code $srcdir}), checked against the {@code sha256sums}/{@code sha512sums}/{@code b2sums}/{@code md5sums} entry
 * of the same index as makepkg does; a {@code name::url} or VCS source is remote, named and not fetched. Simple
 * top-level assignments ({@code pkgname=}, {@code pkgver=}, {@code _x=}) resolve in names.
 */
final class PkgbuildRecipe {
    private static final Pattern ASSIGN = Pattern.compile("^([A-Za-z_][A-Za-z0-9_]*)=(['\"]?)([^'\"$`()\\s]*)\\2\\s*$");
    private static final Pattern ARRAY = Pattern.compile("^(source|sha256sums|sha512sums|b2sums|md5sums)=\\((.*)$");
    private static final Pattern REMOTE = Pattern.compile("::|^[a-z0-9+]+://|^(git|hg|svn|bzr|fossil)\\+");

    private PkgbuildRecipe() {}

    static List<Step> read(RecipeText t) {
        Vars vars = new Vars().put("srcdir", ".").put("startdir", ".");
        Map<String, List<String>> arrays = new TreeMap<>();
        List<Step> out = new ArrayList<>();
        boolean inPrepare = false;
        int next = 0;
        for (int i = 0; i < t.lines.size(); i = next) {
            RecipeText.Logical l = t.logical(i);
            next = l.next();
            String s = l.text().strip();
            Matcher m;
            if (!inPrepare && (m = ARRAY.matcher(s)).matches()) {
                StringBuilder body = new StringBuilder(m.group(2));
                while (!body.toString().replaceAll("\\s#.*$", "").strip().endsWith(")") && next < t.lines.size()) {
                    body.append(' ').append(t.lines.get(next++).strip());
                }
                String b = body.toString().replaceAll("\\s*\\)\\s*(#.*)?$", "");
                arrays.put(m.group(1), Words.split(b).orElse(List.of()));
            } else if (!inPrepare && (m = ASSIGN.matcher(s)).matches()) {
                vars.put(m.group(1), m.group(3));
            } else if (s.matches("prepare\\(\\)\\s*\\{.*")) {
                inPrepare = true;
            } else if (inPrepare && l.text().startsWith("}")) {
                inPrepare = false;
            } else if (inPrepare) {
                command(t, l, s, new Sources(vars, arrays), out);
            }
        }
        return out;
    }

    /** The sources array read by name: the remote ones, and each local one's sums by algorithm. */
    private record Sources(Vars vars, Map<String, List<String>> arrays) {
        Step patch(RecipeText t, RecipeText.Logical l, String s, String operand, int strip) {
            String name = base(operand);
            List<String> sources = arrays.getOrDefault("source", List.of());
            for (int k = 0; k < sources.size(); k++) {
                String src = sources.get(k);
                String local = src.contains("::") ? src.substring(0, src.indexOf("::")) : base(src);
                if (!vars.expand(local).orElse(local).equals(vars.expand(name).orElse(name))) {
                    continue;
                }
                if (REMOTE.matcher(src).find()) {
                    return new Step.Skipped(l.line(), s, "remote patch, named and not fetched: " + src);
                }
                Step step = t.patch(l.line(), s, name, vars, strip);
                for (Map.Entry<String, List<String>> sums : arrays.entrySet()) {
                    if (!sums.getKey().equals("source") && k < sums.getValue().size()) {
                        step = t.checked(
                                step,
                                sums.getKey().replace("sums", ""),
                                sums.getValue().get(k));
                    }
                }
                return step;
            }
            return t.patch(l.line(), s, name, vars, strip);
        }
    }

    private static void command(RecipeText t, RecipeText.Logical l, String s, Sources sources, List<Step> out) {
        List<String> words = Words.split(s.replaceAll("\\s#.*$", "")).orElse(List.of());
        if (words.isEmpty()) {
            return;
        }
        if (words.get(0).equals("patch")) {
            int strip = RecipeText.strip(words, 0);
            RecipeText.operands(words, 1).forEach(f -> out.add(sources.patch(t, l, s, f, strip)));
        } else if (words.size() > 1
                && words.get(0).equals("git")
                && words.get(1).equals("apply")) {
            int strip = RecipeText.strip(words, 1);
            RecipeText.operands(words, 2).forEach(f -> out.add(sources.patch(t, l, s, f, strip)));
        } else {
            RecipeText.shellLine(l.line(), s, l.text()).ifPresent(out::add);
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
