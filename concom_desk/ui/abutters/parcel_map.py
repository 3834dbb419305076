"""The abutter map in the window: the lot, the buffer, the numbered parcels and the
street names, with pan (drag) and zoom (wheel, or the + and − keys). A click on a
parcel tells which map/lot it is, so the clerk can choose the lot on the map."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

from concom_desk.services.parcels.map_drawing import MapDrawing, MapZone
from concom_desk.services.parcels.map_file import COLOURS, ZONES

# A click moves less than this many pixels; a drag more.
_CLICK_SLOP = 4


def _colour(rgb: tuple[int, int, int]) -> QColor:
    return QColor(*rgb)


class ParcelMapView(QGraphicsView):
    clicked_at = Signal(float, float)  # state-plane metres of a click (not a drag)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setAccessibleName("Abutter map")
        self.setMinimumSize(360, 300)
        self.drawing: MapDrawing | None = None
        self.numbers_shown: list[int] = []
        self._pressed_at: QPointF | None = None

    def show_drawing(self, drawing: MapDrawing) -> None:
        """Draw the map; north is up (scene y is the state plane's y turned over)."""
        scene = self.scene()
        scene.clear()
        self.drawing = drawing
        self.numbers_shown = []
        for shape in drawing.shapes:
            line, fill = COLOURS[shape.kind]
            path = QPainterPath()
            for ring in shape.rings:
                path.addPolygon(QPolygonF([QPointF(x, -y) for x, y in ring]))
                path.closeSubpath()
            pen = QPen(_colour(line), 0 if shape.kind == "other" else 1.2)
            pen.setCosmetic(True)
            scene.addPath(path, pen, QBrush(_colour(fill)))
        for number, zone in enumerate(drawing.zones):
            self._zone(zone, _colour(ZONES[number % len(ZONES)]), top=number == 0)
        for street in drawing.streets:
            self._label(street.text, street.at, QColor(90, 90, 90), 9, framed=False)
        for shape in drawing.shapes:
            if shape.label_at is None:
                continue
            text = "LOCUS" if shape.kind == "subject" else str(shape.number)
            self._label(text, shape.label_at, _colour(COLOURS[shape.kind][0]), 10, framed=True)
            if shape.number is not None:
                self.numbers_shown.append(shape.number)
        minx, miny, maxx, maxy = drawing.extent
        scene.setSceneRect(minx, -maxy, maxx - minx, maxy - miny)
        self.fit()

    def _zone(self, zone: MapZone, colour: QColor, top: bool) -> None:
        """One law's reach: its outline, named at its top (the Act's) or its foot (the
        bylaw's), so two reaches of the same distance are both named."""
        path = QPainterPath()
        for ring in zone.rings:
            path.addPolygon(QPolygonF([QPointF(x, -y) for x, y in ring]))
        pen = QPen(colour, 2, Qt.PenStyle.SolidLine if top else Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self.scene().addPath(path, pen)
        if zone.rings:
            points = [point for ring in zone.rings for point in ring]
            xs = [x for x, _ in points]
            y = max(y for _, y in points) if top else min(y for _, y in points)
            self._label(zone.label, ((min(xs) + max(xs)) / 2, y), colour, 9, framed=False)

    def _label(self, text: str, at: tuple[float, float], colour: QColor, points: int,
               framed: bool) -> None:
        font = QFont()
        font.setPointSize(points)
        font.setBold(framed)
        item = self.scene().addSimpleText(text, font)
        item.setBrush(QBrush(colour))
        # Labels keep their size while the map zooms.
        item.setFlag(item.GraphicsItemFlag.ItemIgnoresTransformations)
        bounds = item.boundingRect()
        item.setPos(at[0], -at[1])
        item.setTransformOriginPoint(bounds.center())
        item.setTransform(item.transform().translate(-bounds.width() / 2, -bounds.height() / 2))
        if framed:
            frame = self.scene().addRect(bounds.adjusted(-3, -1, 3, 1), QPen(colour),
                                         QBrush(QColor("white")))
            frame.setFlag(frame.GraphicsItemFlag.ItemIgnoresTransformations)
            frame.setPos(item.pos())
            frame.setTransform(item.transform())
            frame.setZValue(item.zValue() - 0.5)
            item.setZValue(frame.zValue() + 1)

    def fit(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        self.scale(factor, factor)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom(1.25 if event.angleDelta().y() > 0 else 0.8)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom(1.25)
        elif event.key() == Qt.Key.Key_Minus:
            self.zoom(0.8)
        elif event.key() == Qt.Key.Key_0:
            self.fit()
        else:
            super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._pressed_at = event.position()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        start, self._pressed_at = self._pressed_at, None
        if start is None or (event.position() - start).manhattanLength() > _CLICK_SLOP:
            return
        point = self.mapToScene(event.position().toPoint())
        self.clicked_at.emit(point.x(), -point.y())
