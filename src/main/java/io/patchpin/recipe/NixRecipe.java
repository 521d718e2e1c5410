package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Nix expression: {@code patches = [ ./a.patch ... ]} (applied -p1 by the stdenv before the hooks), and in
 * the hooks' shell, {@code substituteInPlace FILE --replace-fail A B} (also {@code --replace} and
 * {@code --replace-quiet}) and {@code sed -i} lines. {@code fetchpatch} sources are named, not fetched.
 */
final class NixRecipe {
    private static final Pattern LOCAL = Pattern.compile("(?<![\\w.:/\"$}])((?:\\.{1,2})?/[^\\s\\]\\[();\"]+)");
    private static final Pattern URL = Pattern.compile("\\burl\\s*=\\s*\"([^\"]+)\"");
    private static final Pattern PATCHES = Pattern.compile("\\bpatches\\s*=\\s*\\[(.*)$");

    private NixRecipe() {}

    static List<Step> read(RecipeText t) {
        List<Step> patches = new ArrayList<>();
        List<Step> hooks = new ArrayList<>();
        Vars none = new Vars();
        int depth = -1;
        int next = 0;
        for (int i = 0; i < t.lines.size(); i = next) {
            String raw = t.lines.get(i);
            next = i + 1;
            String s = raw.replaceAll("(^|\\s)#.*$", "").strip();
            Matcher m = PATCHES.matcher(s);
            String inList = null;
            if (depth < 0 && m.find()) {
                depth = 1;
                inList = m.group(1);
            } else if (depth > 0) {
                inList = s;
            }
            if (inList != null) {
                for (char c : inList.toCharArray()) {
                    depth += c == '[' ? 1 : c == ']' ? -1 : 0;
                }
                Matcher local = LOCAL.matcher(inList);
                while (local.find()) {
                    patches.add(t.patch(i + 1, s, local.group(1), none, 1, ""));
                }
                Matcher url = URL.matcher(inList);
                while (url.find()) {
                    patches.add(new Step.Skipped(i + 1, s, "remote patch, named and not fetched: " + url.group(1)));
                }
                if (depth <= 0) {
                    depth = -1;
                }
                continue;
            }
            if (s.startsWith("substituteInPlace ")) {
                RecipeText.Logical l = t.logical(i);
                next = l.next();
                substitute(l, unescape(l.text().strip()), hooks);
            } else if (RecipeText.sedInPlace(s)) {
                RecipeText.Logical l = t.logical(i);
                next = l.next();
                hooks.add(new Step.Shell(l.line(), unescape(l.text())));
            }
        }
        List<Step> out = new ArrayList<>(patches);
        out.addAll(hooks);
        return out;
    }

    /** Nix's indented-string escapes, as the shell then sees the text: ''${ is ${, ''' is ''. */
    static String unescape(String s) {
        return s.replace("''${", "${").replace("'''", "''");
    }

    private static void substitute(RecipeText.Logical l, String s, List<Step> out) {
        List<String> w = Words.split(s).orElse(null);
        if (w == null || w.size() < 2) {
            out.add(new Step.Skipped(l.line(), s, "cannot read the substituteInPlace call (quotes?)"));
            return;
        }
        String file = w.get(1);
        if (file.contains("$")) {
            out.add(new Step.Skipped(l.line(), s, "file " + file + " uses a variable, known only at build time"));
            return;
        }
        for (int k = 2; k < w.size(); k += 3) {
            String flag = w.get(k);
            if (!flag.matches("--replace(-fail|-quiet)?") || k + 2 >= w.size()) {
                out.add(new Step.Skipped(l.line(), s, "substituteInPlace " + flag + " is not a literal replacement"));
                return;
            }
            String find = w.get(k + 1);
            String replace = w.get(k + 2);
            if (find.contains("$") || replace.contains("$")) {
                out.add(new Step.Skipped(
                        l.line(), s, "a replacement text holds a shell variable, known only at build time"));
                continue;
            }
            out.add(new Step.Substitute(l.line(), s, file, find, replace));
        }
    }
}
