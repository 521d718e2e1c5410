package io.patchpin.safety;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Hashes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A journal as written and read: UTF-8 lines of tab-separated fields (a tab,
 * newline or backslash in a field written as {@code \t}, {@code \n},
 * {@code \\}; an absent value as {@code -}), paths relative to the journal's
 * base unless absolute:
 *
 * <pre>
 * patchpin-journal	1
 * operation	apply
 * subject	patchsets/gfx1103
 * finishable	1 (0: steps follow that the journal cannot redo, such as commits)
 * file	PATH	OLD-SHA256	NEW-SHA256	OLD-COPY	NEW-COPY
 * mode	PATH	OLD(0|1)	NEW(0|1)
 * index	GITDIR	COPY
 * head	GITDIR	WORKTREE	OLD-HEAD	OLD-COMMIT	NEW-COMMIT	tree|index
 * init	DIR	DIR-EXISTED	GITDIR	GITDIR-EXISTED	PARENT-GITDIR	NAME
 * </pre>
 *
 * Recovery rolls forward when every record is a file or mode whose new content
 * is kept, else rolls back, newest record first.
 */
public record JournalFile(String operation, String subject, boolean finishable, List<Record> records) {
    private static final String MAGIC = "patchpin-journal";
    private static final Pattern ESCAPED = Pattern.compile("\\\\(.)", Pattern.DOTALL);

    public JournalFile {
        records = List.copyOf(records);
    }

    public sealed interface Record {
        List<String> fields();
    }

    public record FileRecord(String path, String oldSha, String newSha, String oldCopy, String newCopy)
            implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList("file", path, oldSha, newSha, oldCopy, newCopy);
        }
    }

    public record ModeRecord(String path, boolean before, boolean after) implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList("mode", path, before ? "1" : "0", after ? "1" : "0");
        }
    }

    public record IndexRecord(String gitDir, String copy) implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList("index", gitDir, copy);
        }
    }

    public record HeadRecord(
            String gitDir, String workTree, String oldHead, String oldCommit, String newCommit, boolean tree)
            implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList("head", gitDir, workTree, oldHead, oldCommit, newCommit, tree ? "tree" : "index");
        }
    }

    public record InitRecord(
            String dir, boolean dirExisted, String gitDir, boolean gitDirExisted, String parentGitDir, String name)
            implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList(
                    "init", dir, dirExisted ? "1" : "0", gitDir, gitDirExisted ? "1" : "0", parentGitDir, name);
        }
    }

    /** A folder an operation builds before renaming it into place (export's output): removed when found on recovery. */
    public record TempRecord(String path) implements Record {
        @Override
        public List<String> fields() {
            return Arrays.asList("temp", path);
        }
    }

    /** How to undo the records that are not plain files: implemented over git where a repository is at hand. */
    public interface GitUndo {
        void index(IndexRecord r, Path gitDir, Path copy);

        void head(HeadRecord r, Path gitDir, Path workTree);

        void init(InitRecord r, Path dir, Path gitDir, Path parentGitDir);
    }

    public record Recovered(
            String operation, String subject, boolean forward, int files, int components, int tempFiles) {
        public String message() {
            String what = components == 0
                    ? count(files, "file")
                    : files == 0
                            ? count(components, "component")
                            : count(files, "file") + " and " + count(components, "component");
            return "recovered an interrupted " + operation + (subject.isEmpty() ? "" : " of " + subject) + " ("
                    + (forward ? "rolled forward " : "rolled back ") + what
                    + (tempFiles == 0 ? "" : ", " + count(tempFiles, "temp file") + " removed") + ")";
        }

        private static String count(int n, String noun) {
            return n + " " + noun + (n == 1 ? "" : "s");
        }
    }

    String render() {
        StringBuilder out = new StringBuilder();
        line(out, List.of(MAGIC, "1"));
        line(out, List.of("operation", operation));
        line(out, List.of("subject", subject));
        line(out, List.of("finishable", finishable ? "1" : "0"));
        records.forEach(r -> line(out, r.fields()));
        return out.toString();
    }

    static Path dataOf(Path journal) {
        return journal.resolveSibling(journal.getFileName() + ".d");
    }

    /** Reads a journal; bad input naming it and the line when it is not one. */
    public static JournalFile read(Path file) {
        List<String> lines;
        try {
            lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the journal " + file, e);
        }
        if (lines.isEmpty() || !lines.get(0).equals(MAGIC + "\t1")) {
            throw new BadInputException(file.toString(), 1, "not a patchpin journal of format 1");
        }
        String operation = "";
        String subject = "";
        boolean finishable = true;
        List<Record> records = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            List<String> f = split(lines.get(i));
            try {
                switch (f.get(0)) {
                    case "operation" -> operation = f.get(1);
                    case "subject" -> subject = f.get(1);
                    case "finishable" -> finishable = "1".equals(f.get(1));
                    case "file" -> records.add(new FileRecord(f.get(1), f.get(2), f.get(3), f.get(4), f.get(5)));
                    case "mode" -> records.add(new ModeRecord(f.get(1), "1".equals(f.get(2)), "1".equals(f.get(3))));
                    case "index" -> records.add(new IndexRecord(f.get(1), f.get(2)));
                    case "head" ->
                        records.add(new HeadRecord(
                                f.get(1), f.get(2), f.get(3), f.get(4), f.get(5), "tree".equals(f.get(6))));
                    case "temp" -> records.add(new TempRecord(f.get(1)));
                    case "init" ->
                        records.add(new InitRecord(
                                f.get(1), "1".equals(f.get(2)), f.get(3), "1".equals(f.get(4)), f.get(5), f.get(6)));
                    default ->
                        throw new BadInputException(
                                file.toString(), i + 1, "unknown journal record '" + f.get(0) + "'");
                }
            } catch (IndexOutOfBoundsException e) {
                throw new BadInputException(
                        file.toString(), i + 1, "journal record '" + f.get(0) + "' has too few fields");
            }
        }
        return new JournalFile(operation, subject, finishable, records);
    }

    /**
     * Finishes or rolls back the operation a journal names, removes patchpin's temp files in every
     * folder it touched, then the journal; empty when there is no journal (a copy folder left without
     * one is removed); the files restored are flushed to disk when {@code fsync}.
     */
    public static Optional<Recovered> recover(Path file, Path base, boolean rollbackOnly, boolean fsync, GitUndo git) {
        Path data = dataOf(file);
        int temps = removeTempFiles(file.getParent());
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            removeTree(data);
            return Optional.empty();
        }
        JournalFile j = read(file);
        boolean forward = !rollbackOnly
                && j.finishable()
                && j.records().stream()
                        .allMatch(r -> r instanceof ModeRecord
                                || r instanceof FileRecord f && (f.newSha() == null || f.newCopy() != null));
        List<Record> order = new ArrayList<>(j.records());
        if (!forward) {
            Collections.reverse(order);
        }
        Set<Path> folders = new TreeSet<>();
        int files = 0;
        Set<String> components = new TreeSet<>();
        for (Record r : order) {
            if (r instanceof FileRecord f) {
                Path p = base.resolve(f.path());
                folders.add(p.getParent());
                files += restore(p, forward ? f.newSha() : f.oldSha(), forward ? f.newCopy() : f.oldCopy(), data, fsync)
                        ? 1
                        : 0;
            } else if (r instanceof ModeRecord m) {
                Path p = base.resolve(m.path());
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    ExecBit.set(p, forward ? m.after() : m.before());
                }
            } else if (r instanceof IndexRecord x) {
                git.index(x, base.resolve(x.gitDir()), x.copy() == null ? null : data.resolve(x.copy()));
            } else if (r instanceof HeadRecord h) {
                git.head(h, base.resolve(h.gitDir()), h.workTree() == null ? null : base.resolve(h.workTree()));
                components.add(h.gitDir());
            } else if (r instanceof TempRecord t) {
                Path p = base.resolve(t.path());
                if (AtomicFiles.isTemp(p) && Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    removeTree(p);
                    temps++;
                }
            } else if (r instanceof InitRecord i) {
                git.init(i, base.resolve(i.dir()), base.resolve(i.gitDir()), base.resolve(i.parentGitDir()));
                components.add(i.gitDir());
            }
        }
        temps += folders.stream().mapToInt(JournalFile::removeTempFiles).sum();
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the journal " + file, e);
        }
        removeTree(data);
        return Optional.of(new Recovered(j.operation(), j.subject(), forward, files, components.size(), temps));
    }

    /** Puts {@code p} in the state of sha256 {@code sha} (null: absent) from the kept {@code copy}; whether it changed. */
    private static boolean restore(Path p, String sha, String copy, Path data, boolean fsync) {
        try {
            boolean exists = Files.exists(p, LinkOption.NOFOLLOW_LINKS);
            if (sha == null) {
                if (exists) {
                    Files.delete(p);
                }
                return exists;
            }
            if (exists
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                    && Hashes.sha256(Files.readAllBytes(p)).equals(sha)) {
                return false;
            }
            byte[] bytes = Files.readAllBytes(data.resolve(copy));
            if (!Hashes.sha256(bytes).equals(sha)) {
                throw new IllegalStateException(
                        "the journal's copy " + data.resolve(copy) + " does not match its sha256");
            }
            AtomicFiles.write(p, bytes, fsync);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restore " + p, e);
        }
    }

    /** Deletes a folder and what is under it, without following links. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** {@link #deleteTree}, for a caller that has no I/O error of its own to report. */
    public static void removeTree(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }

    private static void line(StringBuilder out, List<String> fields) {
        out.append(fields.stream().map(JournalFile::escape).collect(Collectors.joining("\t")))
                .append('\n');
    }

    private static String escape(String v) {
        if (v == null) {
            return "-";
        }
        return v.equals("-")
                ? "\\-"
                : v.replace("\\", "\\\\")
                        .replace("\t", "\\t")
                        .replace("\n", "\\n")
                        .replace("\r", "\\r");
    }

    private static List<String> split(String line) {
        return Arrays.stream(line.split("\t", -1))
                .map(raw -> raw.equals("-")
                        ? null
                        : ESCAPED.matcher(raw).replaceAll(m -> switch (m.group(1)) {
                            case "t" -> "\t";
                            case "n" -> "\n";
                            case "r" -> "\r";
                            default -> Matcher.quoteReplacement(m.group(1));
                        }))
                .toList();
    }

    /** Removes patchpin's temp files directly in {@code dir}; returns how many. */
    public static int removeTempFiles(Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int n = 0;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(AtomicFiles::isTemp)
                    .sorted(Comparator.naturalOrder())
                    .toList()) {
                deleteTree(p); // a temp folder (an export being built) goes with what is in it
                n++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove temp files in " + dir, e);
        }
        return n;
    }
}
