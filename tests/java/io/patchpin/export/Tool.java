package io.patchpin.export;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Runs the real tools a distro applies patches with (quilt, patch, bash), and reads a tree back. */
final class Tool {
    private Tool() {}

    /** Whether {@code name} is an executable on PATH. */
    static boolean onPath(String name) {
        String path = System.getenv("PATH");
        return path != null
                && Stream.of(path.split(File.pathSeparator)).anyMatch(d -> Files.isExecutable(Path.of(d, name)));
    }

    /** Runs {@code cmd} in {@code dir} with extra environment; fails with its output on a non-zero exit. */
    static String run(Path dir, Map<String, String> env, String... cmd) {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = p.waitFor();
            if (exit != 0) {
                throw new AssertionError(String.join(" ", cmd) + " exited " + exit + " in " + dir + ":\n" + out);
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@code patch -p1 --fuzz=0} of each file in order, as rpm's %autosetup, bitbake and the Nix stdenv do. */
    static void patchAll(Path tree, List<Path> patches) {
        for (Path p : patches) {
            run(
                    tree,
                    Map.of(),
                    "patch",
                    "-p1",
                    "--fuzz=0",
                    "--no-backup-if-mismatch",
                    "-s",
                    "-i",
                    p.toAbsolutePath().toString());
        }
    }

    /** Every regular file under {@code root} but git's and quilt's own, by relative path. */
    static Map<String, String> files(Path root) {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (rel.equals(".git")
                        || rel.startsWith(".git/")
                        || rel.contains("/.git/")
                        || rel.endsWith("/.git")
                        || rel.startsWith(".pc/")) {
                    continue;
                }
                out.put(rel, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
