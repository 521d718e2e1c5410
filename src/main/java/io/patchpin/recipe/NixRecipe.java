package io.patchpin.recipe;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
                depth += inList.chars()
                        .map(c -> c == '[' ? 1 : c == ']' ? -1 : 0)
                        .sum();
                Matcher local = LOCAL.matcher(inList);
                while (local.find()) {
                    patches.add(t.patch(i + 1, s, local.group(1), none, 1));
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
        return Stream.concat(patches.stream(), hooks.stream()).toList();
    }

    private static final Pattern NIX_STRING = Pattern.compile("\\$\\{\"([^\"\\\\$]*)\"}");

    /**
     * The text the shell sees from a line of an indented string: {@code ''$} is {@code $}, {@code '''} is {@code ''},
     * {@code ''\n} a newline ({@code ''\t}, {@code ''\r} alike, {@code ''\x} x), and an interpolated string literal
     * ({@code ${"'"}}) its text.
     */
    static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            Matcher m = NIX_STRING.matcher(s).region(i, s.length());
            if (s.startsWith("'''", i)) {
                b.append("''");
                i += 2;
            } else if (s.startsWith("''$", i)) {
                b.append('$');
                i += 2;
            } else if (s.startsWith("''\\", i) && i + 3 < s.length()) {
                char c = s.charAt(i + 3);
                b.append(c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c);
                i += 3;
            } else if (s.startsWith("${\"", i) && m.lookingAt()) {
                b.append(m.group(1));
                i = m.end() - 1;
            } else {
                b.append(s.charAt(i));
            }
        }
        return b.toString();
    }

    /**
     * {@code substituteInPlace FILE... --replace-fail A B ...}: each pair on its own, on every file; a pair the build
     * computes ({@code $var}, {@code --subst-var}) is named and the others still come in.
     */
    private static void substitute(RecipeText.Logical l, String s, List<Step> out) {
        List<Boolean> expands = new ArrayList<>();
        List<String> w = Words.split(s, expands).orElse(List.of());
        if (w.size() < 2) {
            out.add(new Step.Skipped(l.line(), s, "cannot read the substituteInPlace call (quotes?)"));
            return;
        }
        int k = 1;
        List<String> files = new ArrayList<>();
        for (; k < w.size() && !w.get(k).startsWith("--"); k++) {
            if (expands.get(k)) {
                out.add(new Step.Skipped(
                        l.line(), s, "file " + w.get(k) + " uses a variable, known only at build time"));
                return;
            }
            files.add(w.get(k));
        }
        while (k < w.size()) {
            String flag = w.get(k);
            int args = flag.matches("--replace(-fail|-warn|-quiet)?|--subst-var-by")
                    ? 2
                    : flag.equals("--subst-var") ? 1 : 0;
            if (args == 0 || k + args >= w.size()) {
                out.add(new Step.Skipped(l.line(), s, "substituteInPlace " + flag + " is not a literal replacement"));
                return;
            }
            String find = args == 1 || flag.equals("--subst-var-by") ? "@" + w.get(k + 1) + "@" : w.get(k + 1);
            String replace = args == 1 ? "$" + w.get(k + 1) : w.get(k + 2);
            if (args == 1) {
                out.add(new Step.Skipped(
                        l.line(),
                        s,
                        "--subst-var " + w.get(k + 1) + " puts in the value $" + w.get(k + 1) + " has at build time"));
            } else if (expands.get(k + 1) || expands.get(k + 2)) {
                out.add(new Step.Skipped(
                        l.line(),
                        flag + " " + String.join(" ", w.subList(k + 1, k + 1 + args)),
                        "a replacement text holds a shell variable, known only at build time"));
            } else {
                files.forEach(f -> out.add(new Step.Substitute(l.line(), s, f, find, replace)));
            }
            k += 1 + args;
        }
    }
}
