package io.patchpin.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Files and folders the user named as input: one that cannot be read is bad input naming it. */
public final class InputFiles {
    private InputFiles() {}

    public static byte[] read(Path file) {
        try {
            return ReadLimit.heapShare().readAllBytes(file);
        } catch (IOException e) {
            throw new BadInputException(file.toString(), 0, "cannot read: " + e.getMessage(), e);
        }
    }

    /** The entries of a folder, sorted. */
    public static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot list: " + e.getMessage(), e);
        }
    }

    /** The folders below {@code dir} (not itself), sorted. */
    public static List<Path> folders(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isDirectory)
                    .filter(d -> !d.equals(dir))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new BadInputException(dir.toString(), 0, "cannot list: " + e.getMessage(), e);
        }
    }
}
