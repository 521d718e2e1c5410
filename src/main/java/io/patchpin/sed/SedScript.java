package io.patchpin.sed;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Reads a shell script (or build notes with shell in them) line by line and finds every in-place sed: plain {@code s}
 * commands become candidates, with their file paths made relative to the workspace root by following {@code cd}, {@code
 * pushd} and {@code popd}; everything else that edits in place is listed as skipped, with the reason and a suggested
 * command.
 */
final class SedScript {
    /** What one in-place sed line became. */
    sealed interface Item permits Candidate, Skipped {
        int line();

        String original();
    }

    /** A convertible sed: expressions applied in order to each file (workspace-relative paths). */
    record Candidate(
            int line,
            String original,
            List<SedSubstitution> expressions,
            List<SedLineCommand> lineCommands,
            boolean wholeFile,
            boolean ere,
            List<String> files)
            implements Item {}

    /** A line that edits in place but cannot become an entry. */
    record Skipped(int line, String original, String reason, String suggestion) implements Item {}

    /** The options, scripts and files of one sed command line. */
    record Args(
            boolean inPlace, boolean wholeFile, boolean ere, List<String> scripts, List<String> files, String problem) {

        static Args parse(List<ShellLine.Word> words) {
            boolean inPlace = false;
            boolean z = false;
            boolean ere = false;
            String problem = null;
            List<String> scripts = new ArrayList<>();
            List<String> rest = new ArrayList<>();
            boolean explicitScript = false;
            for (int i = 1; i < words.size(); i++) {
                ShellLine.Word w = words.get(i);
                String t = w.text();
                if (t.equals("-e") || t.equals("--expression")) {
                    if (i + 1 < words.size()) {
                        ShellLine.Word s = words.get(++i);
                        problem = s.expands() && problem == null
                                ? "script computed by the shell ($(...) or $VAR)"
                                : problem;
                        scripts.add(s.text());
                        explicitScript = true;
                    }
                } else if (t.startsWith("--in-place")) {
                    inPlace = true;
                } else if (t.equals("--null-data")) {
                    z = true;
                } else if (t.equals("--regexp-extended")) {
                    ere = true;
                } else if (t.startsWith("-") && t.length() > 1 && !t.startsWith("--")) {
                    for (int k = 1; k < t.length(); k++) {
                        char c = t.charAt(k);
                        if (c == 'i') {
                            inPlace = true;
                            break; // anything after -i is a backup suffix
                        } else if (c == 'z') {
                            z = true;
                        } else if (c == 'E' || c == 'r') {
                            ere = true;
                        } else if (problem == null) {
                            problem = "sed option -" + c;
                        }
                    }
                } else {
                    if (w.expands() && problem == null) {
                        problem = rest.isEmpty() && !explicitScript
                                ? "script computed by the shell ($(...) or $VAR)"
                                : "file name needs the shell ($VAR or $(...))";
                    }
                    rest.add(t);
                }
            }
            if (!explicitScript && !rest.isEmpty()) {
                scripts.add(rest.remove(0));
            }
            if (problem == null && (scripts.isEmpty() || rest.isEmpty())) {
                problem = "no script or no file";
            }
            return new Args(inPlace, z, ere, scripts, rest, problem);
        }

        boolean looksLikeInsert() {
            return scripts.stream().anyMatch(s -> s.matches("(?s).*\\)?\"?\\s*[ia]\\s*\\\\.*|(?s)^[0-9$].*[ia] .*"));
        }
    }

    private final List<Item> items = new ArrayList<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> rootNames;
    private String cwd = "";

    private SedScript(Set<String> rootNames) {
        this.rootNames = rootNames;
    }

    /**
     * Parses {@code script}, starting in {@code cwd} (workspace-relative, "" for the root); a {@code cd}/{@code pushd}
     * to any path whose last folder is one of {@code rootNames} (e.g. {@code cd $HOST/ai/TheRock}) enters the workspace
     * root, as notes written on another machine do.
     */
    static List<Item> parse(String script, Set<String> rootNames, String cwd) {
        SedScript s = new SedScript(rootNames);
        s.cwd = cwd;
        String[] physical = script.split("\n", -1);
        for (int i = 0; i < physical.length; i++) {
            int first = i;
            StringBuilder logical = new StringBuilder(physical[i]);
            while (endsWithContinuation(logical) && i + 1 < physical.length) {
                logical.setLength(logical.length() - 1);
                logical.append(' ').append(physical[++i]);
            }
            s.line(first + 1, logical.toString());
        }
        return s.items;
    }

    private static boolean endsWithContinuation(CharSequence s) {
        int n = s.length();
        return n > 0 && s.charAt(n - 1) == '\\' && (n < 2 || s.charAt(n - 2) != '\\');
    }

    private void line(int number, String text) {
        List<ShellLine.Command> commands = ShellLine.split(text);
        if (commands == null) {
            if (text.matches(".*\\bsed\\b.*-[a-zA-Z]*i.*")) {
                items.add(new Skipped(
                        number, text.strip(), "unbalanced quotes (a multi-line string?)", suggestRewrite(null)));
            }
            return;
        }
        commands.forEach(c -> command(number, text.strip(), c));
    }

    private void command(int number, String text, ShellLine.Command c) {
        List<ShellLine.Word> w = c.words();
        String name = w.get(0).text();
        switch (name) {
            case "cd" -> cwd = target(w);
            case "pushd" -> {
                stack.push(cwd == null ? "\0" : cwd);
                cwd = target(w);
            }
            case "popd" -> {
                String back = stack.isEmpty() ? null : stack.pop();
                cwd = back == null || back.equals("\0") ? null : back;
            }
            case "sed" -> sed(number, text, c);
            default -> {
                if (w.stream().anyMatch(x -> x.text().equals("sed")) && inPlace(w)) {
                    items.add(new Skipped(
                            number,
                            text,
                            "sed run through '" + name + "' (arguments computed at run time)",
                            suggestRewrite(null)));
                }
            }
        }
    }

    /** The workspace-relative folder a cd/pushd enters, or null when unknown. */
    private String target(List<ShellLine.Word> w) {
        if (w.size() < 2) {
            return null;
        }
        String t = w.get(1).text().replaceAll("/+$", "");
        if (rootNames.contains(t.substring(t.lastIndexOf('/') + 1))) {
            return "";
        }
        return w.get(1).expands() ? null : cd(cwd, w.get(1).text());
    }

    private static boolean inPlace(List<ShellLine.Word> w) {
        return w.stream().anyMatch(x -> x.text().matches("-[a-zA-Z]*i.*|--in-place.*"));
    }

    private void sed(int number, String text, ShellLine.Command c) {
        Args args = Args.parse(c.words());
        if (!args.inPlace()) {
            return;
        }
        String problem = args.problem() != null
                ? args.problem()
                : c.piped()
                        ? "sed in a pipeline"
                        : cwd == null
                                ? "working directory unknown (cd to a computed path or outside the workspace)"
                                : null;
        List<String> files = new ArrayList<>();
        for (String f : args.files()) {
            String p = cd(cwd == null ? "" : cwd, f);
            if (p == null && problem == null) {
                problem = "file '" + f + "' is outside the workspace";
            }
            files.add(p);
        }
        String fileHint = files.isEmpty() ? null : files.get(0);
        if (problem != null) {
            items.add(new Skipped(
                    number,
                    text,
                    problem,
                    args.looksLikeInsert() ? suggestInsert(fileHint) : suggestRewrite(fileHint)));
            return;
        }
        List<SedSubstitution> exprs = new ArrayList<>();
        List<SedLineCommand> lineCommands = new ArrayList<>();
        try {
            for (String e : args.scripts()) {
                SedLineCommand.parse(e).ifPresentOrElse(lineCommands::add, () -> exprs.add(SedSubstitution.parse(e)));
            }
            if (!exprs.isEmpty() && !lineCommands.isEmpty()) {
                throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.SEVERAL_COMMANDS);
            }
        } catch (SedSubstitution.Unconvertible u) {
            String s =
                    switch (u.reason()) {
                        case DELETE_COMMAND -> suggestDelete(fileHint);
                        case INSERT_AT_ADDRESS -> suggestInsert(fileHint);
                        default -> suggestRewrite(fileHint);
                    };
            items.add(new Skipped(number, text, u.getMessage(), s));
            return;
        }
        items.add(new Candidate(number, text, exprs, lineCommands, args.wholeFile(), args.ere(), files));
    }

    /**
     * Working-directory arithmetic on workspace-relative paths ("" is the root): {@code cwd} then {@code target},
     * normalized; null when absolute, unknown or escaping the root.
     */
    static String cd(String cwd, String target) {
        if (cwd == null || target.startsWith("/") || target.startsWith("~")) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (String s : (cwd + "/" + target).split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.remove(parts.size() - 1);
            } else {
                parts.add(s);
            }
        }
        return String.join("/", parts);
    }

    private static String suggestedFile(String path) {
        return "--component C --file " + (path == null ? "F" : path + " (split into component and file)");
    }

    /** The {@code patchpin add} command to write by hand for a sed line that was not converted. */
    static String suggestRewrite(String path) {
        return "patchpin add rewrite DIR " + suggestedFile(path) + " --find TEXT --replace TEXT";
    }

    static String suggestInsert(String path) {
        return "patchpin add insert DIR " + suggestedFile(path) + " --after ANCHOR --text TEXT";
    }

    static String suggestDelete(String path) {
        return "patchpin add rewrite DIR " + suggestedFile(path) + " --regex --find '(?m)^.*PATTERN.*\\n' --replace ''";
    }
}
