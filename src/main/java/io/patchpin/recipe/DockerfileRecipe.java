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
 * every {@code RUN} starts there, as in the build ({@code cd} inside one RUN is followed to its end). A {@code git clone
 * URL [DIR]} that a {@code cd} or {@code WORKDIR} then enters is the project when the build clones only it; with
 * several clones, the seds in one are named with its URL, since which is the project cannot be told.
 */
final class DockerfileRecipe {
    private DockerfileRecipe() {}

    static List<Step> read(RecipeText t) {
        List<Step> out = new ArrayList<>();
        Map<String, String> copied = new TreeMap<>();
        Map<String, String> clones = new TreeMap<>();
        String root = null;
        String workdir = "";
        for (RecipeText.Logical l : t.logicalLines()) {
            String s = l.text().strip();
            String word = s.split("\\s+", 2)[0].toUpperCase(Locale.ROOT);
            String rest =
                    s.length() > word.length() ? s.substring(word.length()).strip() : "";
            switch (word) {
                case "COPY", "ADD" -> copy(rest, copied);
                case "WORKDIR" -> {
                    String wd = rest.replaceAll("/+$", "");
                    if (clones.containsKey(wd.substring(wd.lastIndexOf('/') + 1))) {
                        workdir = enter(workdir, wd, clones);
                    } else if (root == null && wd.startsWith("/")) {
                        root = wd;
                    } else if (workdir != null) {
                        workdir = wd.startsWith("/")
                                ? (wd.startsWith(root + "/") ? wd.substring(root.length() + 1) : null)
                                : workdir.isEmpty() ? wd : workdir + "/" + wd;
                    }
                }
                case "RUN" -> run(t, l, rest, copied, clones, out, workdir);
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
            Map<String, String> clones,
            List<Step> out,
            String workdir) {
        // each RUN starts in the WORKDIR; a cd inside it lasts to its end
        String cwd = workdir;
        for (String part : commands(rest)) {
            String command = part.strip();
            List<String> w = Words.split(command).orElse(List.of());
            if (w.isEmpty()) {
                continue;
            }
            boolean patch = w.get(0).equals("patch");
            boolean apply = w.size() > 1 && w.get(0).equals("git") && w.get(1).equals("apply");
            if (w.size() > 2 && w.get(0).equals("git") && w.get(1).equals("clone")) {
                List<String> args = w.subList(2, w.size()).stream()
                        .filter(a -> !a.startsWith("-") && !a.matches("\\d+"))
                        .toList();
                if (!args.isEmpty() && !args.get(args.size() - 1).equals(".")) {
                    String url = args.get(0);
                    String dir = args.size() > 1 ? args.get(1) : url.replaceAll("(\\.git)?/*$", "");
                    clones.put(dir.substring(dir.lastIndexOf('/') + 1), url);
                }
            } else if (w.get(0).equals("cd") && w.size() > 1) {
                cwd = enter(cwd, w.get(1), clones);
            } else if (patch || apply) {
                int strip = RecipeText.strip(w, patch ? 0 : 1);
                for (String f : RecipeText.operands(w, patch ? 1 : 2)) {
                    String local = copied.getOrDefault(f, f);
                    out.add(
                            Files.isRegularFile(t.inside(l.line(), local))
                                    ? t.patch(l.line(), command, local, new Vars(), strip)
                                    : new Step.Skipped(
                                            l.line(),
                                            command,
                                            "patch " + f
                                                    + " is not a file the build copies in from beside the Dockerfile"));
                }
            } else if (RecipeText.sedInPlace(command)) {
                out.add(sed(l.line(), command, cwd));
            } else {
                RecipeText.opaque(command).ifPresent(r -> out.add(new Step.Skipped(l.line(), bounded(command), r)));
            }
        }
    }

    /**
     * The folder a cd enters: the project's root for the build's only clone, another clone by its URL (after
     * "clone:"), a folder of the project, or null when unknown.
     */
    static String enter(String cwd, String target, Map<String, String> clones) {
        String t = target.replaceAll("/+$", "");
        String last = t.substring(t.lastIndexOf('/') + 1);
        if (clones.containsKey(last)) {
            return clones.size() == 1 ? "" : "clone:" + clones.get(last);
        }
        if (cwd == null || cwd.startsWith("clone:") || t.startsWith("/") || t.contains("$")) {
            return null;
        }
        return cwd.isEmpty() ? t : cwd + "/" + t;
    }

    private static Step sed(int line, String command, String cwd) {
        if (cwd == null) {
            return new Step.Skipped(
                    line,
                    bounded(command),
                    "working directory unknown (a cd to a computed path or outside the project)");
        }
        if (cwd.startsWith("clone:")) {
            return new Step.Skipped(
                    line,
                    bounded(command),
                    "edits a clone of " + cwd.substring(6)
                            + ", not the recipe's project (import it with --component for that repository)");
        }
        return new Step.Shell(line, cwd.isEmpty() ? command : "pushd " + cwd + " ; " + command + " ; popd");
    }

    /** A command as messages show it: its first 200 characters. */
    private static String bounded(String command) {
        return command.length() > 200 ? command.substring(0, 200) + "..." : command;
    }

    /** The commands of a RUN line: split at {@code &&}, {@code ||} and {@code ;} outside quotes. */
    static List<String> commands(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == ';' || line.startsWith("&&", i) || line.startsWith("||", i)) {
                out.add(b.toString());
                b.setLength(0);
                i += c == ';' ? 0 : 1;
                continue;
            }
            b.append(c);
        }
        out.add(b.toString());
        return out;
    }
}
