package io.patchpin.structure;

import static io.patchpin.testkit.Asserts.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's room table is true of the code: every package is a room in it and every room a package,
 * the classes it says to start reading at exist in their room, and each room's line count is within a tenth of
 * what the sources hold.
 */
class ArchitecturePageTest {
    private static final Path SOURCES = Path.of("src/main/java/io/patchpin");
    private static final Pattern NAME = Pattern.compile("`([A-Za-z]+)`");

    /** One row of the table: its rooms, their line counts, and the classes to start reading at. */
    private record Row(List<String> rooms, List<Integer> lines, List<String> start) {}

    @Test
    void everyPackageIsARoomAndEveryRoomAPackage() {
        Set<String> inTable = new TreeSet<>();
        rows().forEach(r -> inTable.addAll(r.rooms()));
        assertThat(inTable).isEqualTo(packages());
    }

    @Test
    void theClassesToStartReadingAtAreInTheirRoom() {
        for (Row r : rows()) {
            if (r.rooms().size() == 1) {
                for (String c : r.start()) {
                    assertThat(SOURCES.resolve(r.rooms().get(0)).resolve(c + ".java"))
                            .as(
                                    "docs/architecture.md: %s's start class",
                                    r.rooms().get(0))
                            .exists();
                }
            }
        }
    }

    @Test
    void eachRoomsLineCountIsWithinATenthOfItsSources() {
        for (Row r : rows()) {
            assertThat(r.lines()).as("line counts of %s", r.rooms()).hasSameSizeAs(r.rooms());
            for (int i = 0; i < r.rooms().size(); i++) {
                long actual = lines(r.rooms().get(i));
                assertThat((double) r.lines().get(i))
                        .as(
                                "docs/architecture.md: lines of %s (the sources hold %d)",
                                r.rooms().get(i), actual)
                        .isBetween(actual * 0.9, actual * 1.1);
            }
        }
    }

    private static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (String line : read(Path.of("docs/architecture.md")).split("\n")) {
            String[] cells = line.split("\\|");
            if (cells.length < 5 || !cells[1].strip().startsWith("`")) {
                continue;
            }
            List<Integer> lines = new ArrayList<>();
            for (String n : cells[2].split(";")) {
                lines.add(Integer.parseInt(n.strip().replace(",", "")));
            }
            rows.add(new Row(names(cells[1]), lines, names(cells[4])));
        }
        assertThat(rows).as("the room table of docs/architecture.md").isNotEmpty();
        return rows;
    }

    private static List<String> names(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = NAME.matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static Set<String> packages() {
        try (Stream<Path> s = Files.list(SOURCES)) {
            Set<String> out = new TreeSet<>();
            s.filter(Files::isDirectory).forEach(p -> out.add(p.getFileName().toString()));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long lines(String room) {
        try (Stream<Path> s = Files.list(SOURCES.resolve(room))) {
            long n = 0;
            for (Path p : s.filter(f -> f.toString().endsWith(".java")).toList()) {
                n += read(p).lines().count();
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
