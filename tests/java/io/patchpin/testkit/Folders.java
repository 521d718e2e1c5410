package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Writes files, copies and deletes folder trees, keeping file modes and modification times. */
public final class Folders {
    private Folders() {}

    /** Writes {@code text} in UTF-8 to {@code file}, making its folders; gives {@code file}. */
    public static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies everything below {@code from} into {@code to} (created if missing); symbolic links stay links. */
    public static void copy(Path from, Path to) {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Makes {@code kept} with {@code make} (given the folder to fill) unless it exists: under another name, then
     * moved into place without git's sample hooks, so a make that failed leaves nothing a later call takes as made.
     * One make at a time, since test classes run side by side in one JVM.
     */
    public static synchronized void makeOnce(Path kept, Consumer<Path> make) {
        if (Files.exists(kept)) {
            return;
        }
        Path building = kept.resolveSibling(kept.getFileName() + ".building");
        delete(building);
        make.accept(building);
        dropSampleHooks(building);
        try {
            Files.move(building, kept);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Copies the checkout {@code from} (a work tree, the repositories in it and those its submodules' gitfiles
     * name below it) to {@code to}: what a clone of the same upstream made there would hold, without the clone's
     * git runs.
     */
    public static void copyCheckout(Path from, Path to) {
        copy(from, to);
        refreshIndexes(to);
    }

    /**
     * A copied work tree keeps its files' contents and times but not their inodes, which git's index
     * also records: refresh each index so plumbing (diff-files, diff-index) sees a clean tree, as after a clone.
     * In process ({@link IndexStat}), since the copy changed nothing else; git refreshes any index it cannot.
     */
    public static void refreshIndexes(Path workTree) {
        for (Path dir : workTrees(workTree)) {
            if (!IndexStat.refresh(dir)) {
                Git.tryRun(dir, "update-index", "-q", "--refresh");
            }
        }
    }

    /** A new temp folder named {@code prefix...} ({@link TempRoot}), deleted with everything in it when the JVM exits. */
    public static Path tempUntilExit(String prefix) {
        try {
            Path dir = TempRoot.createTempDirectory(prefix);
            if (!TempRoot.deletedAtExit(dir)) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code dir} and everything below it; nothing if it does not exist. */
    public static void delete(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes git's sample hooks below {@code dir}: inert, and most of the files a copy would have to carry. */
    public static void dropSampleHooks(Path dir) {
        try (Stream<Path> all = Files.walk(dir)) {
            List<Path> samples = all.filter(p -> p.getFileName().toString().endsWith(".sample"))
                    .filter(p -> p.getParent().getFileName().toString().equals("hooks"))
                    .toList();
            for (Path p : samples) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The inode and change time of everything at or below {@code dir}, by path. Any write, truncation,
     * mode or time change of a file sets its change time (which no one can set back), any entry added,
     * removed or renamed sets its folder's, and a file replaced by another has another inode: so an equal
     * stamp taken later means nothing below {@code dir} changed in between.
     */
    public static Stamp stamp(Path dir) {
        SortedMap<String, String> seen = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.toList()) {
                Map<String, Object> a = Files.readAttributes(p, "unix:ino,ctime", LinkOption.NOFOLLOW_LINKS);
                FileTime ctime = (FileTime) a.get("ctime");
                seen.put(dir.relativize(p).toString(), a.get("ino") + " " + ctime.to(TimeUnit.NANOSECONDS));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Stamp(seen);
    }

    /** See {@link #stamp}. */
    public record Stamp(Map<String, String> byPath) {
        public Stamp {
            byPath = Map.copyOf(byPath);
        }

        /** Whether {@code dir} is still as stamped. */
        public boolean matches(Path dir) {
            return Files.isDirectory(dir) && stamp(dir).equals(this);
        }
    }

    /**
     * Every work tree at or below {@code dir}: the folders holding a {@code .git} file or folder. A {@code .git}
     * folder holds no work tree, so the walk does not enter one: most of a checkout's files are there.
     */
    static List<Path> workTrees(Path dir) {
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
                    if (!d.endsWith(".git")) {
                        return FileVisitResult.CONTINUE;
                    }
                    out.add(d.getParent());
                    return FileVisitResult.SKIP_SUBTREE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    if (f.endsWith(".git")) {
                        out.add(f.getParent());
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.stream().sorted().toList();
    }
}
