package dev.forkline.views.viewmodel;

import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.RunNode;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;

/** The runs of the opened trace as a tree, the selected run, and the breadcrumb from the root run to it. */
public final class ForkTreeViewModel {

    private final ReadOnlyObjectWrapper<List<RunNode>> roots = new ReadOnlyObjectWrapper<>(List.of());
    private final StringProperty selectedRun = new SimpleStringProperty();
    private final ObservableList<RunNode> breadcrumb = FXCollections.observableArrayList();
    private RunLineage lineage;

    public ForkTreeViewModel() {
        selectedRun.addListener((obs, old, now) -> {
            breadcrumb.clear();
            if (lineage != null && now != null) {
                lineage.path(now).forEach(run -> breadcrumb.add(lineage.node(run)));
            }
        });
    }

    public void setLineage(RunLineage newLineage) {
        this.lineage = newLineage;
        selectedRun.set(null);
        roots.set(newLineage == null ? List.of() : newLineage.roots());
    }

    public ReadOnlyObjectProperty<List<RunNode>> rootsProperty() {
        return roots.getReadOnlyProperty();
    }

    public StringProperty selectedRunProperty() {
        return selectedRun;
    }

    public ObservableList<RunNode> breadcrumb() {
        return breadcrumb;
    }
}
