#!/usr/bin/python3
"""Qt's own QSettings (PyQt5, Debian's python3-pyqt5), for the tests: reads a settings file as a fresh Qt process
does and prints every key's value as JSON, or sets values given as JSON. Run by /usr/bin/python3."""
import json
import sys

from PyQt5.QtCore import QByteArray, QDateTime, QPoint, QRect, QSettings, QSize, Qt
from PyQt5.QtGui import QColor  # registers QColor's stream operators


def typed(value):
    if value is None:
        return {"invalid": True}
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": value}
    if isinstance(value, float):
        return {"double": value}
    if isinstance(value, str):
        return {"string": value}
    if isinstance(value, QByteArray):
        return {"bytes": list(bytes(value))}
    if isinstance(value, QSize):
        return {"size": [value.width(), value.height()]}
    if isinstance(value, QPoint):
        return {"point": [value.x(), value.y()]}
    if isinstance(value, QRect):
        return {"rect": [value.x(), value.y(), value.width(), value.height()]}
    if isinstance(value, QDateTime):
        return {"date": value.toMSecsSinceEpoch(), "spec": int(value.timeSpec())}
    if isinstance(value, QColor):
        return {"color": value.name(QColor.HexArgb)}
    if isinstance(value, list):
        return {"list": [typed(item) for item in value]}
    if isinstance(value, dict):
        return {"map": {key: typed(item) for key, item in value.items()}}
    return {"other": repr(value)}


def qt(value):
    kind, content = next(iter(value.items()))
    if kind == "string" or kind == "bool" or kind == "int" or kind == "double":
        return content
    if kind == "bytes":
        return QByteArray(bytes(content))
    if kind == "size":
        return QSize(*content)
    if kind == "point":
        return QPoint(*content)
    if kind == "rect":
        return QRect(*content)
    if kind == "date":
        return QDateTime.fromMSecsSinceEpoch(content, Qt.UTC)
    if kind == "color":
        return QColor(content)
    if kind == "list":
        return [qt(item) for item in content]
    if kind == "map":
        return {key: qt(item) for key, item in content.items()}
    if kind == "stringlist":
        return content
    raise ValueError(kind)


def main():
    verb, path = sys.argv[1], sys.argv[2]
    settings = QSettings(path, QSettings.IniFormat)
    if verb == "read":
        print(json.dumps({key: typed(settings.value(key)) for key in settings.allKeys()}, sort_keys=True))
    elif verb == "write":
        for key, value in json.loads(open(sys.argv[3], encoding="utf-8").read()).items():
            if value is None:
                settings.remove(key)
            else:
                settings.setValue(key, qt(value))
        settings.sync()
        print(settings.status())
    elif verb == "hammer":
        # Many saves, each of one key, each taking Qt's lock and merging what is on disk.
        count, prefix = int(sys.argv[3]), sys.argv[4]
        for index in range(count):
            settings.setValue(f"{prefix}/k{index}", index)
            settings.sync()
        print(settings.status())


main()
