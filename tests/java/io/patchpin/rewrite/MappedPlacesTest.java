package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Place;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Following sealed places through the file's diff since the base: moved, missing, split, removed and look-alike edits. */
class MappedPlacesTest {
    private static final String SHA = "a".repeat(64);

    private static Place place(int line, int editedLines) {
        return new Place(line, "m", SHA, SHA, editedLines, List.of(), List.of());
    }

    private static MappedPlaces of(List<Place> places, String before, String after, String now, List<LineSpan> spans) {
        return MappedPlaces.of(places, new LineIndex(after), new LineIndex(now), new LineIndex(before), spans);
    }

    @Test
    void anEditPushedDownByUpstreamIsFoundWhereItsLinesWent() {
        MappedPlaces m = of(
                List.of(place(3, 1)),
                "a\nb\nc\nd\ne\n",
                "a\nb\nC\nd\ne\n",
                "x\na\nb\nC\nd\ne\n",
                List.of(new LineSpan(2, 3)));
        assertThat(m).isEqualTo(new MappedPlaces(1, 1, 3, 3));
        assertThat(m.all()).isTrue();
        assertThat(m.none()).isFalse();
        assertThat(m.describe())
                .isEqualTo(
                        "line 4 (sealed line 3, moved 1 line down, followed through the file's diff since the base)");
    }

    @Test
    void describeSaysLinesUpAndNothingWhenInPlace() {
        assertThat(new MappedPlaces(1, 1, 9, 12).describe())
                .isEqualTo(
                        "line 10 (sealed line 12, moved 2 lines up, followed through the file's diff since the base)");
        assertThat(new MappedPlaces(1, 1, 11, 12).describe())
                .isEqualTo("line 12 (sealed line 12, followed through the file's diff since the base)");
        assertThat(new MappedPlaces(0, 0, -1, 0).all()).isFalse();
        assertThat(new MappedPlaces(1, 2, 0, 1).all()).isFalse();
    }

    @Test
    void anEditUpstreamRewroteIsNotThere() {
        MappedPlaces m =
                of(List.of(place(3, 1)), "a\nb\nc\nd\n", "a\nb\nC\nd\n", "a\nb\nc2\nd\n", List.of(new LineSpan(2, 3)));
        assertThat(m).isEqualTo(new MappedPlaces(0, 1, -1, 0));
        assertThat(m.none()).isTrue();
        assertThat(m.all()).isFalse();
    }

    @Test
    void aLineThatWasAlreadyThereAtTheBaseIsNotTheEdit() {
        // the edit wrote nothing new relative to the base: no stretch from the base was replaced by it
        MappedPlaces m =
                of(List.of(place(3, 1)), "a\nb\nC\nd\n", "a\nb\nC\nd\n", "a\nb\nC\nd\n", List.of(new LineSpan(2, 3)));
        assertThat(m.none()).isTrue();
    }

    @Test
    void aMultiLineEditCountsOnlyWhileItsLinesStayTogether() {
        String before = "a\nb\nc\nd\n";
        String after = "a\nB\nC\nd\n";
        List<LineSpan> spans = List.of(new LineSpan(1, 3));
        assertThat(of(List.of(place(2, 2)), before, after, "a\nB\nC\nd\n", spans))
                .isEqualTo(new MappedPlaces(1, 1, 1, 2));
        assertThat(of(List.of(place(2, 2)), before, after, "a\nB\nx\nC\nd\n", spans)
                        .none())
                .isTrue();
        assertThat(of(List.of(place(2, 2)), before, after, "a\nB\nd\n", spans).none())
                .isTrue();
    }

    @Test
    void aRemovedLineIsThereWhileItsNeighboursStayNeighbours() {
        String before = "a\nb\nc\nd\n";
        String after = "a\nb\nd\n";
        List<LineSpan> spans = List.of(new LineSpan(2, 3));
        assertThat(of(List.of(place(3, 0)), before, after, "z\na\nb\nd\n", spans))
                .isEqualTo(new MappedPlaces(1, 1, 3, 3));
        assertThat(of(List.of(place(3, 0)), before, after, "a\nb\nq\nd\n", spans)
                        .none())
                .isTrue();
        // the removed line was the first: nothing above it to stay a neighbour
        assertThat(of(List.of(place(1, 0)), "x\na\nb\n", "a\nb\n", "a\nb\n", List.of(new LineSpan(0, 1)))
                        .none())
                .isTrue();
        // the removed line was the last: nothing below it to stay a neighbour
        assertThat(of(List.of(place(3, 0)), "a\nb\nc\n", "a\nb\n", "a\nb\n", spans)
                        .none())
                .isTrue();
    }

    @Test
    void theFirstFoundPlaceNamesTheLine() {
        String before = "a\nb\nc\nd\ne\nf\ng\n";
        String after = "a\nB\nc\nd\ne\nF\ng\n";
        String now = "a\nb\nc\nd\ne\nF\ng\n";
        MappedPlaces m = of(
                List.of(place(2, 1), place(6, 1)), before, after, now, List.of(new LineSpan(1, 2), new LineSpan(5, 6)));
        assertThat(m).isEqualTo(new MappedPlaces(1, 2, 5, 6));
        MappedPlaces both = of(
                List.of(place(2, 1), place(6, 1)),
                before,
                after,
                after,
                List.of(new LineSpan(1, 2), new LineSpan(5, 6)));
        assertThat(both).isEqualTo(new MappedPlaces(2, 2, 1, 2));
    }
}
