package io.patchpin.recipe;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Blake2b;
import io.patchpin.core.Hashes;
import io.patchpin.core.InputFiles;
import io.patchpin.patchset.Condition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A recipe's lines, and the step a patch name on one of them becomes. */
final class RecipeText {
    private static final Pattern STRIP = Pattern.compile("^-[A-Za-z]*p(\\d+)$");
    private static final Pattern REMOTE = Pattern.compile("(?i)(https?|ftp)://\\S+");
    private static final Pattern OPAQUE = Pattern.compile("\\$\\(|`");
    final List<String> lines;
    final Path file;
    final Path folder;

    RecipeText(String text, Path file) {
        this.lines = List.of(text.split("\n", -1));
        this.file = file.toAbsolutePath().normalize();
        Path parent = this.file.getParent();
        this.folder = parent == null ? Path.of(".").toAbsolutePath() : parent;
    }

    /** Line {@code i} (0-based) with every backslash continuation after it joined: the text and the next index. */
    Logical logical(int i) {
        StringBuilder b = new StringBuilder(lines.get(i));
        int j = i;
        while (b.length() > 0 && b.charAt(b.length() - 1) == '\\' && j + 1 < lines.size()) {
            b.setLength(b.length() - 1);
            b.append(' ').append(lines.get(++j));
        }
        return new Logical(i + 1, b.toString(), j + 1);
    }

    List<Logical> logicalLines() {
        List<Logical> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i = out.get(out.size() - 1).next()) {
            out.add(logical(i));
        }
        return out;
    }

    /** @param line 1-based line where it starts; @param next 0-based index of the line after it */
    record Logical(int line, String text, int next) {}

    /**
     * The step for a patch named {@code name} at {@code line}: a remote one is named, not fetched; one whose
     * variables are not all known is reported; else the local file, relative to the recipe's folder.
     */
    Step patch(int line, String text, String name, Vars vars, int strip) {
        if (REMOTE.matcher(name).find()) {
            return new Step.Skipped(line, text, "remote patch, named and not fetched: " + name);
        }
        if (OPAQUE.matcher(name).find()) {
            return new Step.Skipped(line, text, "patch name computed by the shell ($(...) or backticks), not run");
        }
        Optional<String> expanded = vars.expand(name);
        if (expanded.isEmpty()) {
            return new Step.Skipped(
                    line, text, "patch name uses " + vars.unknown(name) + ", which the recipe does not define here");
        }
        return new Step.PatchFile(line, text, inside(line, expanded.get()), strip, "", Condition.ALWAYS);
    }

    /**
     * The file {@code name} names, relative to the recipe's folder; bad input at this line, before anything is read,
     * when it is absolute, climbs out with {@code ..} or resolves (through a symlink) outside the folder. One rule for
     * every form: a recipe reads only what sits beside it.
     */
    Path inside(int line, String name) {
        Path p = folder.resolve(name).normalize();
        if (Path.of(name).isAbsolute() || !p.startsWith(folder)) {
            throw outside(line, name);
        }
        try {
            if (Files.exists(p) && !p.toRealPath().startsWith(folder.toRealPath())) {
                throw outside(line, name);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + p, e);
        }
        return p;
    }

    /**
     * {@code step}, once its file's {@code algorithm} digest ({@code sha256}, {@code sha512}, {@code md5}, {@code b2},
     * {@code blake2b}) is {@code expected}, as the distro's tool checks it before applying; {@code SKIP} (makepkg's)
     * checks nothing, and a file not there is left for the import to name. A mismatch is bad input naming both sums.
     */
    Step checked(Step step, String algorithm, String expected) {
        if (!(step instanceof Step.PatchFile p) || expected.equals("SKIP") || !Files.isRegularFile(p.file())) {
            return step;
        }
        byte[] bytes = InputFiles.read(p.file());
        String actual =
                switch (algorithm.toLowerCase(Locale.ROOT)) {
                    case "b2", "blake2b" -> Blake2b.hex512(bytes);
                    case "md5" -> Hashes.hex(Hashes.digest("MD5").digest(bytes));
                    case "sha512" -> Hashes.hex(Hashes.digest("SHA-512").digest(bytes));
                    default -> Hashes.sha256(bytes);
                };
        if (!actual.equalsIgnoreCase(expected)) {
            throw new BadInputException(
                    file.toString(),
                    p.line(),
                    algorithm + " of " + folder.relativize(p.file()) + " does not match: the recipe says " + expected
                            + ", the file has " + actual);
        }
        return step;
    }

    private BadInputException outside(int line, String name) {
        return new BadInputException(
                file.toString(),
                line,
                "patch " + name + " is outside the recipe's folder; only files beside it are read");
    }

    /** A shell line's step: a sed in place, given to import-sed as {@code shell}, or one that cannot be read. */
    static Optional<Step> shellLine(int line, String s, String shell) {
        return sedInPlace(s)
                ? Optional.of(new Step.Shell(line, shell))
                : opaque(s).map(r -> new Step.Skipped(line, s, r));
    }

    /**
     * Why a line of a recipe's shell cannot be read without running it ({@code eval}, {@code source}, a here-document),
     * or empty: such a line may edit the sources in ways only running it would show, so it is named, never dropped.
     */
    static Optional<String> opaque(String line) {
        String s = line.strip();
        if (s.matches("(eval|source|\\.)\\s.*")) {
            return Optional.of(s.split("\\s")[0] + " runs text patchpin does not read (nothing is executed)");
        }
        if (s.matches(".*<<-?\\s*['\"]?\\w+.*")) {
            return Optional.of("here-document (its text is not read as edits)");
        }
        return Optional.empty();
    }

    /** The strip level of {@code -pN}, {@code -Np1} or {@code --strip=N} among {@code words}, else {@code fallback}. */
    static int strip(List<String> words, int fallback) {
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            Matcher m = STRIP.matcher(w);
            if (m.matches()) {
                return Integer.parseInt(m.group(1));
            }
            if (w.startsWith("--strip=")) {
                return Integer.parseInt(w.substring(8));
            }
            if (w.equals("-p") && i + 1 < words.size() && words.get(i + 1).matches("\\d+")) {
                return Integer.parseInt(words.get(i + 1));
            }
        }
        return fallback;
    }

    static boolean sedInPlace(String line) {
        return line.matches(".*\\bsed\\b.*\\s(-[A-Za-z]*i\\S*|--in-place\\S*)(\\s.*|$)");
    }

    /** Words of a line after a command word, options dropped: the operands. */
    static List<String> operands(List<String> words, int from) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("<") || w.equals("-i") || w.equals("--input")) {
                continue;
            }
            if (w.startsWith("-")) {
                if (w.equals("-p") && i + 1 < words.size()) {
                    i++;
                }
                continue;
            }
            out.add(w.startsWith("<") ? w.substring(1) : w);
        }
        return out;
    }
}
