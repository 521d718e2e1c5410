package io.patchpin.export;

import io.patchpin.kind.EntryKind;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * nixpkgs: {@code default.nix} holding {@code { lib }: { patches = [ ... ]; postPatch = ''...''; }}. A literal rewrite
 * of every match becomes {@code substituteInPlace FILE --replace-fail 'FIND' 'REPLACE'} (the same left-to-right,
 * non-overlapping replacement, failing on zero matches) when its text survives single shell quotes inside a Nix
 * indented string; everything else goes out as a patch. The stdenv applies patches before postPatch, so a rewrite stays
 * a substitution only when no later patch touches its file.
 */
final class Nix implements Layout {
    @Override
    public Map<String, byte[]> files(Tree t) {
        List<Piece> pieces = t.pieces();
        Set<Integer> substituted = substitutions(pieces);
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder patches = new StringBuilder();
        StringBuilder post = new StringBuilder();
        for (Piece p : pieces) {
            if (substituted.contains(p.number())) {
                EntryKind.Substitution r =
                        EntryKind.of(p.entry()).substitution().orElseThrow();
                post.append("    # " + p.entry().id() + comment(p.meta()) + "\n")
                        .append("    substituteInPlace '" + indented(p.prefix() + r.file()) + "' \\\n")
                        .append("      --replace-fail '" + indented(r.find()) + "' '" + indented(r.replace()) + "'\n");
            } else {
                out.put(p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff()));
                patches.append("    # " + Dep3.oneLine(p.meta().summary()) + "\n    ./" + p.fileName() + "\n");
            }
        }
        StringBuilder nix = new StringBuilder("# " + t.origin() + "\n"
                + t.dependency().map(d -> "# " + d + "\n").orElse("") + "{ lib }:\n{\n");
        nix.append(patches.length() == 0 ? "  patches = [ ];\n" : "  patches = [\n" + patches + "  ];\n");
        nix.append(post.length() == 0 ? "  postPatch = \"\";\n" : "  postPatch = ''\n" + post + "  '';\n");
        out.put("default.nix", nix.append("}\n").toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }

    /** Numbers of the pieces written as substitutions: walking back, a rewrite qualifies unless a later patch touches its file. */
    static Set<Integer> substitutions(List<Piece> pieces) {
        Set<Integer> out = new HashSet<>();
        Set<String> patched = new HashSet<>();
        for (int i = pieces.size() - 1; i >= 0; i--) {
            Piece p = pieces.get(i);
            Optional<EntryKind.Substitution> s = EntryKind.of(p.entry()).substitution();
            if (s.isPresent()
                    && substitutable(s.get())
                    && !patched.contains(p.prefix() + s.get().file())) {
                out.add(p.number());
            } else {
                p.entry().files().forEach(f -> patched.add(p.prefix() + f));
            }
        }
        return out;
    }

    /** A literal rewrite of every match whose texts need no shell quoting beyond single quotes. */
    static boolean substitutable(EntryKind.Substitution r) {
        return quotable(r.find()) && quotable(r.replace()) && quotable(r.file());
    }

    /** No single quote (ends the shell word and Nix's ''), no control character (a newline would meet Nix's indent stripping). */
    static boolean quotable(String s) {
        return s.chars().noneMatch(c -> c == '\'' || Character.isISOControl(c));
    }

    /** The upstream state after a substitution's id, as a shell comment inside the indented string. */
    static String comment(ExportMeta m) {
        return m.upstreamLine()
                .map(l -> " " + Dep3.oneLine("(" + l + ")").replace("''", "'''").replace("${", "''${"))
                .orElse("");
    }

    /** Escapes for a Nix indented string: only "${" needs it once quotes are excluded. */
    static String indented(String s) {
        return s.replace("${", "''${");
    }
}
