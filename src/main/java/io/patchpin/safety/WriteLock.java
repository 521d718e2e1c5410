package io.patchpin.safety;

import io.patchpin.core.BadInputException;
import io.patchpin.core.BusyException;
import io.patchpin.core.Printable;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.ReadOnlyFileSystemException;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One writing command per workspace at a time: two {@code apply}s at once
 * lost one set's edits, {@code apply} beside {@code revert} mixed the tree.
 * A tree operation's lock is {@code .git/patchpin/lock} of the superproject; an authoring command's is
 * {@code .patchpin-lock} in the patchset's folder. Either is created
 * exclusively and holding the owner's pid, its start time and its command;
 * a lock whose process is gone is stale and broken. A second command waits
 * briefly ({@code Settings.lockWait}), then gives up naming the holder.
 */
public final class WriteLock implements AutoCloseable {
    private static final long POLL_MILLIS = 50;
    /** A lock file that cannot be read yet is given this long to be written before it counts as stale. */
    private static final Duration UNREADABLE_GRACE = Duration.ofSeconds(10);

    private static final WriteLock NONE = new WriteLock(null, false);

    private final Path file;
    private final boolean ownFolder;

    private WriteLock(Path file, boolean ownFolder) {
        this.file = file;
        this.ownFolder = ownFolder;
    }

    /** Takes the lock of {@code ws} for {@code command}; a null workspace (nothing to lock) gives a no-op lock. */
    public static WriteLock take(Workspace ws, String command) {
        return ws == null
                ? NONE
                : take(
                        ws.superRepository().getDirectory().toPath(),
                        command,
                        ws.settings().lockWait());
    }

    /**
     * Takes the lock of the patchset in {@code dir} for an authoring command ({@code new}, {@code add},
     * {@code import*}, {@code capture}, {@code rebase}), in that folder, beside its journal: authoring writes
     * only the patchset, so it needs no write access to any repository (a shared read-only mirror is enough).
     * The folder is created when it is not there yet (new), and removed on release when the command left
     * it empty (it refused: nothing written).
     */
    public static WriteLock forPatchset(Path dir, String command, Duration wait) {
        Path abs = dir.toAbsolutePath().normalize();
        boolean made = !Files.exists(abs);
        AtomicFiles.createDirectories(abs);
        try {
            return take(abs, abs.resolve(PATCHSET_LOCK), command, wait, made);
        } catch (RuntimeException e) {
            if (made) {
                try {
                    Files.deleteIfExists(abs);
                } catch (IOException ex) {
                    e.addSuppressed(ex);
                }
            }
            throw e;
        }
    }

    /** The lock file of a patchset folder (no patchset file, never in a digest). */
    public static final String PATCHSET_LOCK = ".patchpin-lock";

    /** Takes the lock under {@code gitDir}, waiting at most {@code wait} for another holder to finish. */
    public static WriteLock take(Path gitDir, String command, Duration wait) {
        Path dir = gitDir.resolve("patchpin");
        return take(dir, dir.resolve("lock"), command, wait, true);
    }

    private static WriteLock take(Path dir, Path file, String command, Duration wait, boolean ownFolder) {
        String mine = "pid = " + ProcessHandle.current().pid() + "\nstarted = " + startedAt(ProcessHandle.current())
                + "\ncommand = " + command + "\n";
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            try {
                Files.createDirectories(dir);
                create(dir, file, mine.getBytes(StandardCharsets.UTF_8));
                return new WriteLock(file, ownFolder);
            } catch (FileAlreadyExistsException e) {
                Optional<Holder> holder = Holder.read(file);
                if (holder.isPresent() && holder.get().stale(file)) {
                    breakStale(file, holder.get());
                    continue;
                }
                if (System.nanoTime() > deadline) {
                    throw new BusyException("the workspace is busy: "
                            + holder.map(Holder::describe).orElse("another patchpin")
                            + " holds " + file + "; " + command + " waited " + wait.toSeconds()
                            + " s and did nothing (try again when it has finished)");
                }
                sleep();
            } catch (NoSuchFileException e) {
                continue; // the lock vanished between two steps: try again
            } catch (AccessDeniedException | ReadOnlyFileSystemException e) {
                throw new BadInputException(
                        dir.toString(),
                        0,
                        "cannot be written (read-only): " + command + " needs to write its lock here",
                        e);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the lock " + file, e);
            }
        }
    }

    /**
     * Creates the lock whole or not at all: its content goes to a temp file that is then hard-linked
     * to the lock's name, which fails when the lock exists. Created empty and then written, a lock
     * whose owner was killed in between named no owner and kept the next command waiting.
     */
    private static void create(Path dir, Path file, byte[] content) throws IOException {
        Path temp = dir.resolve(
                AtomicFiles.TEMP_PREFIX + "lock." + ProcessHandle.current().pid());
        Files.write(temp, content);
        try {
            Files.createLink(file, temp);
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (e instanceof FileAlreadyExistsException exists) {
                throw exists;
            }
            // no hard links here: create it in place
            Files.write(file, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } finally {
            Files.deleteIfExists(temp);
        }
        removeOrphans(dir);
    }

    /** Temp files of lock takers killed before they linked theirs: we hold the lock, so none is in use. */
    private static void removeOrphans(Path dir) throws IOException {
        try (var list = Files.newDirectoryStream(dir, AtomicFiles.TEMP_PREFIX + "lock.*")) {
            for (Path orphan : list) {
                Files.deleteIfExists(orphan);
            }
        }
    }

    /** Whether a lock file is there whose holder is gone: a killed patchpin's, which recovery removes. */
    static boolean leftBehind(Path file) {
        return Holder.read(file).map(h -> h.stale(file)).orElse(false);
    }

    private static void breakStale(Path file, Holder seen) {
        // only the lock that was read is broken: a fresh one taken meanwhile has other contents
        Optional<Holder> now = Holder.read(file);
        if (now.isPresent() && now.get().equals(seen)) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot break the stale lock " + file, e);
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BusyException("interrupted while waiting for the workspace lock");
        }
    }

    private static String startedAt(ProcessHandle p) {
        return p.info().startInstant().map(Instant::toString).orElse("unknown");
    }

    @Override
    public void close() {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
            if (ownFolder) {
                Files.deleteIfExists(file.getParent());
            }
        } catch (DirectoryNotEmptyException e) {
            // the folder holds other state of patchpin's: keep it
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the lock " + file, e);
        }
    }

    private record Holder(String text, long pid, String started, String command) {
        static Optional<Holder> read(Path file) {
            String text;
            try {
                text = Files.readString(file, StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                return Optional.of(new Holder("", -1, "", "?"));
            }
            Map<String, String> said = text.lines()
                    .map(line -> line.split(" = ", 2))
                    .filter(kv -> kv.length == 2)
                    .collect(Collectors.toMap(kv -> kv[0], kv -> kv[1], (first, last) -> last));
            String pid = said.getOrDefault("pid", "");
            return Optional.of(new Holder(
                    text,
                    pid.matches("\\d{1,18}") ? Long.parseLong(pid) : -1,
                    said.getOrDefault("started", ""),
                    said.getOrDefault("command", "?")));
        }

        /** The holder's process is gone (or its pid now names another process), or the file was never completed. */
        boolean stale(Path file) {
            if (pid < 0) {
                try {
                    return Files.getLastModifiedTime(file)
                            .toInstant()
                            .isBefore(Instant.now().minus(UNREADABLE_GRACE));
                } catch (IOException e) {
                    return false;
                }
            }
            Optional<ProcessHandle> p = ProcessHandle.of(pid);
            return p.isEmpty()
                    || !p.get().isAlive()
                    || !started.equals("unknown") && !started.equals(startedAt(p.get()));
        }

        String describe() {
            return pid < 0 ? "another patchpin" : "patchpin " + Printable.of(command) + " (pid " + pid + ")";
        }
    }
}
