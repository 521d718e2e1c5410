package io.patchpin.recipe;

import io.patchpin.core.InputFiles;
import io.patchpin.core.Utf8;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
        Manifest manifest = Manifest.of(t);
        Matcher name = NAME.matcher(file.getFileName().toString());
        Optional<String> pv = name.matches() ? Optional.of(name.group(2)) : Optional.empty();
        List<Step> patches = new ArrayList<>();
        List<Step> prepare = new ArrayList<>();
        boolean inArray = false;
        boolean inPrepare = false;
        for (RecipeText.Logical raw : t.logicalLines()) {
            RecipeText.Logical l = new RecipeText.Logical(
                    raw.line(), pv.map(v -> verCut(raw.text(), v)).orElse(raw.text()), raw.next());
            String s = l.text().strip();
            if (inArray || s.startsWith("PATCHES=(") || s.startsWith("PATCHES+=(")) {
                String body = inArray ? s : s.substring(s.indexOf('(') + 1);
                inArray = !body.contains(")");
                body = body.replaceAll("\\).*$", "").replaceAll("#.*$", "");
                for (String w : Words.split(body).orElse(List.of())) {
                    patches.add(manifest.check(t, t.patch(l.line(), s, w, vars, 1)));
                }
            } else if (s.matches("src_prepare\\(\\)\\s*\\{.*")) {
                inPrepare = true;
            } else if (inPrepare && l.text().startsWith("}")) {
                inPrepare = false;
            } else if (inPrepare && s.startsWith("eapply ")) {
                List<String> words = Words.split(s.replaceAll("\\s#.*$", "")).orElse(List.of());
                int strip = RecipeText.strip(words, 1);
                RecipeText.operands(words, 1)
                        .forEach(w -> prepare.add(manifest.check(t, t.patch(l.line(), s, w, vars, strip))));
            } else if (inPrepare) {
                RecipeText.shellLine(l.line(), s, vars.known(l.text())).ifPresent(prepare::add);
            }
        }
        // the default src_prepare applies PATCHES when the ebuild's own calls default (or has none)
        return Stream.concat(patches.stream(), prepare.stream()).toList();
    }

    private static final Pattern VER_CUT = Pattern.compile("\\$\\(ver_cut (\\d+)(-(\\d*))?\\)");
    private static final Pattern COMPONENT = Pattern.compile("[0-9]+|[A-Za-z]+");

    /** {@code text} with each {@code $(ver_cut N)}, {@code N-M} or {@code N-} cut from the version {@code pv}, as eapi8 does. */
    static String verCut(String text, String pv) {
        if (!text.contains("ver_cut")) {
            return text;
        }
        List<MatchResult> parts = COMPONENT.matcher(pv).results().toList();
        return VER_CUT.matcher(text).replaceAll(m -> {
            int first = Integer.parseInt(m.group(1));
            int last = m.group(2) == null ? first : m.group(3).isEmpty() ? parts.size() : Integer.parseInt(m.group(3));
            int from = Math.max(1, first);
            int to = Math.min(parts.size(), last);
            return from > to
                    ? ""
                    : Matcher.quoteReplacement(pv.substring(
                            parts.get(from - 1).start(), parts.get(to - 1).end()));
        });
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

    /** The AUX lines of a {@code Manifest} beside the ebuild: each file of {@code files/} with its sums by name. */
    private record Manifest(Map<String, List<String>> aux) {
        static Manifest of(RecipeText t) {
            Path file = t.folder.resolve("Manifest");
            Map<String, List<String>> aux = new TreeMap<>();
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                for (String line :
                        Utf8.decode(file.toString(), InputFiles.read(file)).split("\n")) {
                    List<String> w = List.of(line.strip().split("\\s+"));
                    if (w.size() > 3 && w.get(0).equals("AUX")) {
                        aux.put(w.get(1), w.subList(3, w.size()));
                    }
                }
            }
            return new Manifest(aux);
        }

        /** {@code step}, once every sum the Manifest lists for its file matches, as portage checks them. */
        Step check(RecipeText t, Step step) {
            if (step instanceof Step.PatchFile p && p.file().startsWith(t.folder.resolve("files"))) {
                List<String> sums = aux.getOrDefault(
                        t.folder.resolve("files").relativize(p.file()).toString(), List.of());
                for (int i = 0; i + 1 < sums.size(); i += 2) {
                    if (List.of("SHA256", "SHA512", "BLAKE2B").contains(sums.get(i))) {
                        t.checked(step, sums.get(i).replace("BLAKE2B", "blake2b"), sums.get(i + 1));
                    }
                }
            }
            return step;
        }
    }
}
