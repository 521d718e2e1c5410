package io.patchpin.export;

import io.patchpin.safety.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A {@code series} an export updates in a folder that already holds one keeps the lines patchpin did not write
 * (the user's own patches, comments below the header): those above the exported patches stay above them, the
 * others below. A line is patchpin's when it names a patch this export writes, or is the comment header.
 */
final class SeriesLines {
    private static final String SERIES = "series";

    private SeriesLines() {}

    /** {@code files} with each series merged with the one already in {@code out}. */
    static Map<String, byte[]> keep(Path out, Map<String, byte[]> files) {
        Map<String, byte[]> merged = new TreeMap<>(files);
        files.forEach((rel, bytes) -> {
            Path old = out.resolve(rel);
            if (Path.of(rel).getFileName().toString().equals(SERIES)
                    && Files.isRegularFile(old, LinkOption.NOFOLLOW_LINKS)) {
                Path folder = Path.of(rel).getParent();
                Set<String> written = files.keySet().stream()
                        .map(f -> folder == null ? Path.of(f) : folder.relativize(Path.of(f)))
                        .map(Path::toString)
                        .collect(Collectors.toSet());
                merged.put(rel, merge(read(old), new String(bytes, StandardCharsets.UTF_8), written));
            }
        });
        return merged;
    }

    private static byte[] merge(String old, String mine, Set<String> written) {
        List<String> above = new ArrayList<>();
        List<String> below = new ArrayList<>();
        List<String> ours = mine.lines().toList();
        boolean header = true;
        boolean seen = false;
        for (String line : old.lines().toList()) {
            header = header && line.startsWith("#");
            String first = line.strip().split("\\s+", 2)[0];
            if (header || ours.contains(line) || written.contains(first)) {
                seen = seen || !header;
                continue;
            }
            (seen ? below : above).add(line);
        }
        int head = (int) ours.stream().takeWhile(l -> l.startsWith("#")).count();
        return Stream.of(ours.subList(0, head), above, ours.subList(head, ours.size()), below)
                .flatMap(List::stream)
                .map(l -> l + "\n")
                .collect(Collectors.joining())
                .getBytes(StandardCharsets.UTF_8);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw AtomicFiles.failure(file, "cannot read", e);
        }
    }
}
