package io.patchpin.safety;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Parallel;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntConsumer;

/**
 * Replaces files atomically (temp file in the same folder, flushed to disk, then renamed), never through a
 * symbolic link. Temp files are named {@value #TEMP_PREFIX}..., so one left by a killed process is
 * recognised and removed by the next command's recovery.
 * A path that cannot be written (no permission, a read-only or virtual file system, a folder in the way)
 * is the user's input at fault, so it is reported as bad input naming the path. Any other failure (a full
 * disk, an I/O error) is a fault of the machine, not of the input: it stays an I/O error, with its cause.
 */
public final class AtomicFiles {
    public static final String TEMP_PREFIX = ".patchpin-tmp.";
    /** Enough flushes waiting at once for the file system to commit them together, few enough to start fast. */
    private static final int FLUSHED_AT_ONCE = 16;

    private AtomicFiles() {}

    public static boolean isTemp(Path file) {
        return file.getFileName() != null && file.getFileName().toString().startsWith(TEMP_PREFIX);
    }

    /** What is written into a new file, as it is made. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code bytes} to {@code target} atomically, keeping an existing file's permissions; flushed to disk
     * before the rename when {@code fsync} ({@code Settings.fsync}).
     */
    public static void write(Path target, byte[] bytes, boolean fsync) {
        write(target, out -> out.write(bytes), fsync);
    }

    /**
     * Writes what {@code content} makes to {@code target} atomically, as {@link #write(Path, byte[], boolean)}
     * does; a report of megabytes goes to the file as it is rendered instead of being held whole first.
     */
    public static void write(Path target, Content content, boolean fsync) {
        replace(target, stage(target, content, fsync));
    }

    /**
     * Replaces each target with its content (null: deletes it), in order, as {@link #write} and a delete would,
     * telling {@code done} each index once that file is in place. The temp files are all written first and
     * flushed to disk together when {@code fsync} ({@link #forceAll}), then renamed: one flush after
     * another, each waiting a commit of the file system, was half the time of applying an Electron-sized set (449
     * files). A failure leaves the files replaced so far as they are and removes the temp files not renamed yet.
     */
    public static void writeAll(List<Path> targets, List<byte[]> contents, boolean fsync, IntConsumer done) {
        Path[] temps = new Path[targets.size()];
        try {
            for (int i = 0; i < temps.length; i++) {
                if (contents.get(i) != null) {
                    byte[] bytes = contents.get(i);
                    temps[i] = stage(targets.get(i), out -> out.write(bytes), false);
                }
            }
            List<Path> staged = Arrays.stream(temps).filter(Objects::nonNull).toList();
            try {
                forceAll(staged, fsync);
            } catch (IOException e) {
                throw failure(targets.get(0), "cannot write", e);
            }
            for (int i = 0; i < temps.length; i++) {
                if (temps[i] == null) {
                    delete(targets.get(i));
                } else {
                    Path tmp = temps[i];
                    temps[i] = null;
                    replace(targets.get(i), tmp);
                }
                done.accept(i);
            }
        } finally {
            Arrays.stream(temps).filter(Objects::nonNull).forEach(AtomicFiles::deleteQuietly);
        }
    }

    /** Flushes {@code channel}'s content and metadata to disk when {@code on} ({@code Settings.fsync}). */
    public static void force(FileChannel channel, boolean on) throws IOException {
        if (on) {
            channel.force(true);
        }
    }

    /**
     * Flushes every file to disk when {@code on}, {@value #FLUSHED_AT_ONCE} at once: the file system commits flushes
     * that wait together in one go, where one after the other each waited a commit of its own (450 files took 0.9
     * to 2 s one by one, 0.2 to 0.3 s sixteen at once, on the machine CI uses).
     */
    static void forceAll(List<Path> files, boolean on) throws IOException {
        if (on) {
            Parallel.map(files, FLUSHED_AT_ONCE, p -> {
                try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
                    ch.force(true);
                }
                return p;
            });
        }
    }

    public static void delete(Path target) {
        try {
            Files.deleteIfExists(target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + target, e);
        }
    }

    /** The checks of {@link #write}, then the content in a temp file beside the target, with its permissions. */
    private static Path stage(Path target, Content content, boolean flush) {
        if (Files.isSymbolicLink(target)) {
            throw new BadInputException(target.toString(), 0, "refusing to write through a symbolic link");
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException(target.toString(), 0, "cannot write: is a folder, not a file");
        }
        Path dir = target.toAbsolutePath().getParent();
        createDirectories(dir, target);
        try {
            Set<PosixFilePermission> perms =
                    Files.exists(target, LinkOption.NOFOLLOW_LINKS) ? permissions(target) : null;
            return createTemp(dir, target, content, flush, perms);
        } catch (IOException e) {
            throw failure(target, "cannot write", e);
        }
    }

    /** Renames a staged temp file over its target; on failure the temp file goes. */
    private static void replace(Path target, Path tmp) {
        try {
            move(tmp, target);
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw failure(target, "cannot write", e);
        }
    }

    /** Renames {@code from} over {@code to} in one step where the file system can, else as it can. */
    static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // the original error is the one worth reporting
        }
    }

    /** Creates {@code dir} and its parents; a path that cannot be created is bad input naming it. */
    public static void createDirectories(Path dir) {
        createDirectories(dir, dir);
    }

    private static void createDirectories(Path dir, Path named) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw failure(named, "cannot create folder " + dir.getFileName(), e);
        }
    }

    /**
     * A new temp file created with the default mode, so the process umask applies (a file made by
     * {@code createTempFile} is always 0600, and shared patchsets and lockfiles must stay readable), then given
     * {@code perms} when not null (the permissions of the file it replaces).
     */
    private static Path createTemp(
            Path dir, Path target, Content content, boolean flush, Set<PosixFilePermission> perms) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(TEMP_PREFIX + target.getFileName() + "."
                    + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
            try (FileChannel out = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                // unbuffered, so bytes handed over whole are written without a copy; not closed here, which
                // would close the channel before it is forced to disk
                content.writeTo(Channels.newOutputStream(out));
                force(out, flush);
                if (perms != null) {
                    Files.setPosixFilePermissions(tmp, perms);
                }
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                // a report that fails while it is rendered leaves no half-written temp file either
                Files.deleteIfExists(tmp);
                throw e;
            }
        }
    }

    /**
     * Bad input when the path itself is at fault (permission, a file or folder in the way, a read-only or
     * virtual file system), else the I/O error itself: a full disk is not the user's input.
     */
    public static RuntimeException failure(Path path, String what, IOException e) {
        if (pathAtFault(path, e)) {
            return new BadInputException(path.toString(), 0, what + ": " + reason(e), e);
        }
        return new UncheckedIOException(what + " " + path + ": " + reason(e), e);
    }

    /**
     * By type where the JDK gives one; it does only for EACCES, ENOENT and EEXIST (and for a folder not empty or
     * not a folder where a delete, move or listing checks it). Every other errno comes as a plain
     * {@link FileSystemException} whose reason is the C library's text for it, which follows the user's locale,
     * so a read-only file system and a file where a folder is expected are asked of the file system instead.
     */
    private static boolean pathAtFault(Path path, IOException e) {
        if (e instanceof AccessDeniedException
                || e instanceof FileAlreadyExistsException
                || e instanceof NoSuchFileException
                || e instanceof NotDirectoryException
                || e instanceof DirectoryNotEmptyException) {
            return true;
        }
        // only errors of a path (open, create, rename, delete): a plain IOException from writing or flushing an
        // open file is a fault of the disk (full, failing), even when its file system has since turned read-only
        if (!(e instanceof FileSystemException f)) {
            return false;
        }
        Path failed = (f.getFile() == null ? path : Path.of(f.getFile())).toAbsolutePath();
        Path existing = failed;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        // ENOTDIR and EROFS, which the JDK has no type for: a file (or a link to one) where the path needs a folder,
        // or a file system mounted read-only
        return existing != null && (!existing.equals(failed) && !Files.isDirectory(existing) || readOnly(existing))
                || knownRefusal(f.getReason());
    }

    private static boolean readOnly(Path existing) {
        try {
            return Files.getFileStore(existing).isReadOnly();
        } catch (IOException unknown) {
            return false; // the file system cannot say: the other checks decide
        }
    }

    /**
     * The errno texts (strerror, in English) left to match: refusals of a path that neither a JDK type nor a
     * question to the file system tells apart from a failing disk. EPERM: an immutable file or folder, or a
     * virtual file system; EISDIR: a folder opened to be written (the caller may have named the folder itself,
     * so its being one proves nothing); ENAMETOOLONG and EINVAL: a name the file system will not take; ELOOP
     * (the JDK adds words after it, hence a prefix): a path through a loop of links. Also the texts of EROFS and
     * ENOTDIR, for when the file system cannot answer (a mount the JDK does not find in the mount table).
     */
    private static final List<String> REFUSALS = List.of(
            "Read-only file system",
            "Not a directory",
            "Operation not permitted",
            "Is a directory",
            "File name too long",
            "Invalid argument",
            "Too many levels of symbolic links");

    private static boolean knownRefusal(String reason) {
        return reason != null && REFUSALS.stream().anyMatch(reason::startsWith);
    }

    /** What went wrong, in words, without repeating the path. */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file is in the way";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        if (e instanceof NoSuchFileException) {
            return "cannot create a file there";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static Set<PosixFilePermission> permissions(Path p) throws IOException {
        try {
            return Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException e) {
            return null;
        }
    }
}
