import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Benchmark helper (not part of patchpin; see walk-floor.sh): the least a JVM can do for an audit's walk.
 * Lists every folder below DIR (".git" left out) and lstats every file, in THREADS threads, reading only what
 * the walk needs (kind, execute bit, size, modification time) and summing it; no index, no git, no command
 * line. {@code nio} lists and stats through java.nio as patchpin does on Java 17; {@code native} through
 * getdents64 and statx as patchpin does on Java 22 and later for large checkouts.
 * Usage: java --enable-native-access=ALL-UNNAMED WalkFloor nio|native THREADS DIR
 */
public final class WalkFloor {
    private static final LinkedBlockingDeque<String> TODO = new LinkedBlockingDeque<>();
    private static final AtomicInteger PENDING = new AtomicInteger();
    private static final AtomicLong FILES = new AtomicLong();
    private static final AtomicLong SUM = new AtomicLong();
    private static MethodHandle openat;
    private static MethodHandle getdents64;
    private static MethodHandle statx;
    private static MethodHandle close;

    public static void main(String[] args) throws Exception {
        boolean nativeCalls = args[0].equals("native");
        if (nativeCalls) {
            Linker linker = Linker.nativeLinker();
            Linker.Option critical = Linker.Option.critical(true);
            openat = linker.downcallHandle(linker.defaultLookup().find("openat").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT), critical);
            getdents64 = linker.downcallHandle(linker.defaultLookup().find("getdents64").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), critical);
            statx = linker.downcallHandle(linker.defaultLookup().find("statx").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
                            ValueLayout.JAVA_INT, ValueLayout.ADDRESS), critical);
            close = linker.downcallHandle(linker.defaultLookup().find("close").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT), critical);
        }
        PENDING.incrementAndGet();
        TODO.add(Path.of(args[2]).toAbsolutePath().toString());
        Thread[] threads = new Thread[Integer.parseInt(args[1])];
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(() -> work(nativeCalls));
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println(args[0] + ": " + FILES + " files (" + SUM + ")");
    }

    private static void work(boolean nativeCalls) {
        byte[] dirents = new byte[1 << 15];
        byte[] stat = new byte[256];
        try {
            while (PENDING.get() > 0) {
                String dir = TODO.poll(1, TimeUnit.MILLISECONDS);
                if (dir != null) {
                    if (nativeCalls) {
                        listNatively(dir, dirents, stat);
                    } else {
                        listNio(Path.of(dir));
                    }
                    PENDING.decrementAndGet();
                }
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static void listNio(Path dir) throws Exception {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) entries;
            for (Path p : entries) {
                Path name = p.getFileName();
                byte[] key = name.toString().getBytes(StandardCharsets.UTF_8);
                if (name.toString().equals(".git")) {
                    continue;
                }
                PosixFileAttributes a = secure.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
                if (a.isDirectory()) {
                    PENDING.incrementAndGet();
                    TODO.add(p.toString());
                } else {
                    FILES.incrementAndGet();
                    SUM.addAndGet(a.size() + a.lastModifiedTime().toMillis() + key.length + a.permissions().size());
                }
            }
        }
    }

    private static void listNatively(String dir, byte[] dirents, byte[] stat) throws Throwable {
        MemorySegment buffer = MemorySegment.ofArray(dirents);
        MemorySegment statBuffer = MemorySegment.ofArray(stat);
        int fd = (int) openat.invokeExact(-100, MemorySegment.ofArray((dir + '\0').getBytes(StandardCharsets.UTF_8)), 0x10000 | 0x80000);
        long sum = 0;
        long n;
        while ((n = (long) getdents64.invokeExact(fd, buffer, (long) dirents.length)) > 0) {
            for (int at = 0; at < n; ) {
                int reclen = (dirents[at + 16] & 0xff) | (dirents[at + 17] & 0xff) << 8;
                int type = dirents[at + 18];
                int start = at + 19;
                int end = start;
                while (dirents[end] != 0) {
                    end++;
                }
                at += reclen;
                if (skipped(dirents, start, end - start)) {
                    continue;
                }
                if (type == 4) {
                    PENDING.incrementAndGet();
                    TODO.add(dir + "/" + new String(dirents, start, end - start, StandardCharsets.UTF_8));
                    continue;
                }
                int r = (int) statx.invokeExact(fd, buffer.asSlice(start), 0x100, 0x7ff, statBuffer);
                int mode = (stat[28] & 0xff) | (stat[29] & 0xff) << 8;
                FILES.incrementAndGet();
                sum += r + long64(stat, 40) + long64(stat, 112) + (end - start) + (mode & 0100);
            }
        }
        SUM.addAndGet(sum);
        int ignored = (int) close.invokeExact(fd);
    }

    /** ".", ".." and ".git". */
    private static boolean skipped(byte[] b, int at, int length) {
        return b[at] == '.' && (length == 1 || length == 2 && b[at + 1] == '.'
                || length == 4 && b[at + 1] == 'g' && b[at + 2] == 'i' && b[at + 3] == 't');
    }

    private static long long64(byte[] b, int at) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = v << 8 | (b[at + i] & 0xff);
        }
        return v;
    }
}
