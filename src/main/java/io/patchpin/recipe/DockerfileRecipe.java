package io.patchpin.recipe;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Dockerfile (or Containerfile): its {@code RUN} lines, in order, for {@code sed -i} and {@code patch}/{@code
 * git apply} of a file the build {@code COPY}s in from beside the Dockerfile. The first {@code WORKDIR} is the
 * project's root (where its sources are cloned or copied); a later one, relative or below it, is followed, and
 * every {@code RUN} starts there, as in the build ({@code cd} inside one RUN is followed as import-sed does).
 */
final class DockerfileRecipe {
    private DockerfileRecipe() {}

    static List<Step> read(RecipeText t) {
        List<Step> out = new ArrayList<>();
        Map<String, String> copied = new TreeMap<>();
        String root = null;
        String workdir = "";
        int next = 0;
        for (int i = 0; i < t.lines.size(); i = next) {
            RecipeText.Logical l = t.logical(i);
            next = l.next();
            String s = l.text().strip();
            String word = s.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
            String rest =
                    s.length() > word.length() ? s.substring(word.length()).strip() : "";
            switch (word) {
                case "COPY", "ADD" -> copy(rest, copied);
                case "WORKDIR" -> {
                    String wd = rest.replaceAll("/+$", "");
                    if (root == null && wd.startsWith("/")) {
                        root = wd;
                    } else if (workdir != null) {
                        workdir = wd.startsWith("/")
                                ? (wd.startsWith(root + "/") ? wd.substring(root.length() + 1) : null)
                                : workdir.isEmpty() ? wd : workdir + "/" + wd;
                    }
                }
                case "RUN" -> run(t, l, rest, copied, out, workdir);
                default -> {}
            }
        }
        return out;
    }

    private static void copy(String rest, Map<String, String> copied) {
        List<String> w = Words.split(rest).orElse(List.of()).stream()
                .filter(x -> !x.startsWith("--"))
                .toList();
        if (w.size() < 2) {
            return;
        }
        String dest = w.get(w.size() - 1);
        for (String src : w.subList(0, w.size() - 1)) {
            String name = src.substring(src.lastIndexOf('/') + 1);
            copied.put(dest.endsWith("/") ? dest + name : w.size() > 2 ? dest + "/" + name : dest, src);
        }
    }

    private static void run(
            RecipeText t,
            RecipeText.Logical l,
            String rest,
            Map<String, String> copied,
            List<Step> out,
            String workdir) {
        boolean sed = RecipeText.sedInPlace(rest);
        for (String command : rest.split("&&|;|\\|\\|")) {
            List<String> w = Words.split(command.strip()).orElse(List.of());
            if (w.isEmpty()) {
                continue;
            }
            boolean patch = w.get(0).equals("patch");
            boolean apply = w.size() > 1 && w.get(0).equals("git") && w.get(1).equals("apply");
            if (patch || apply) {
                int strip = RecipeText.strip(w, patch ? 0 : 1);
                for (String f : RecipeText.operands(w, patch ? 1 : 2)) {
                    String local = copied.getOrDefault(f, f);
                    out.add(
                            Files.isRegularFile(t.inside(l.line(), local))
                                    ? t.patch(l.line(), command.strip(), local, new Vars(), strip, "")
                                    : new Step.Skipped(
                                            l.line(),
                                            command.strip(),
                                            "patch " + f
                                                    + " is not a file the build copies in from beside the Dockerfile"));
                }
            }
        }
        if (sed) {
            // each RUN starts in the WORKDIR and its cd's end with it
            String wd = workdir == null ? "\"$WORKDIR_OUTSIDE_THE_PROJECT\"" : workdir;
            out.add(new Step.Shell(
                    l.line(),
                    wd.isEmpty() ? "pushd . ; " + rest + " ; popd" : "pushd " + wd + " ; " + rest + " ; popd"));
        }
    }
}
