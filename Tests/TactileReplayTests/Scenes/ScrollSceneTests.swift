import Foundation
import Tactile
import TactileInput
import Testing

@testable import TactileReplay

/// The scroll-pager scene through the synthesized traces: where the pager and the zoomable page come to rest,
/// read from the scroll entries of the log (one at each begin and end), as UIScrollView's paging and zooming say.
@Suite("Scroll scenes: paging and zooming replayed")
struct ScrollSceneTests {
    func replay(_ trace: String) throws -> (SceneInstance, [Delivery]) {
        let scene = try Scene.load(path: Package.path("Traces/scenes/scroll-pager.json"))
        let instance = try scene.instantiate()
        var deliveries: [Delivery] = []
        let driver = SceneDriver(instance: instance) { event in
            if case .delivery(let delivery) = event { deliveries.append(delivery) }
        }
        try driver.replay(TraceReplay(path: Package.path(trace), scene: instance.scene))
        return (instance, deliveries)
    }

    func scrollEvents(_ deliveries: [Delivery], of name: String) -> [Delivery.ScrollEvent] {
        deliveries.compactMap {
            if case .scroll(name, let event) = $0.kind { return event }
            return nil
        }
    }

    @Test("A flick to the right pages back one page, to page 0, and rests there")
    func swipePages() throws {
        let (instance, deliveries) = try replay("Traces/swipe.evemu")
        let pager = try #require(instance.views["pager"] as? ScrollView)
        #expect(pager.contentOffset == .zero)
        let events = scrollEvents(deliveries, of: "pager")
        guard case .draggingEnded(_, let velocity, let target) = events.dropLast().last else {
            Issue.record("no end of drag in \(events)")
            return
        }
        #expect(velocity.x < -100 && target == .zero)
        #expect(events.last == .stopped(offset: .zero, byTouch: false))
    }

    @Test("A slow drag of less than half a page settles back on page 1")
    func slowDragSettlesBack() throws {
        let (instance, deliveries) = try replay("Traces/pan.evemu")
        let pager = try #require(instance.views["pager"] as? ScrollView)
        #expect(pager.contentOffset == Point(x: 1280, y: 0))
        #expect(scrollEvents(deliveries, of: "pager").last == .stopped(offset: Point(x: 1280, y: 0), byTouch: false))
    }

    @Test("Opening fingers zoom the page's photo within its limits; the photo's frame and contentSize follow")
    func pinchZooms() throws {
        let (instance, deliveries) = try replay("Traces/pinch-out.evemu")
        let page = try #require(instance.views["page1"] as? ScrollView)
        let photo = try #require(instance.views["photo1"])
        #expect(page.zoomScale > 1.5 && page.zoomScale <= 3)
        #expect(abs(page.contentSize.width - 1280 * page.zoomScale) < 1e-6)
        #expect(abs(photo.frame.width - 1280 * page.zoomScale) < 1e-6)
        let events = scrollEvents(deliveries, of: "page1")
        #expect(events.first == .zoomingBegan(scale: 1))
        guard case .zoomingEnded(let scale, _) = events.last else {
            Issue.record("no end of zoom in \(events)")
            return
        }
        #expect(scale == page.zoomScale)
    }

    @Test("The JSON log has one scroll object per entry, with its offsets")
    func jsonScrollEntries() throws {
        let (_, deliveries) = try replay("Traces/swipe.evemu")
        let lines = deliveries.compactMap { ReplayLogFormat.jsonLine(for: .delivery($0), explain: false) }
            .filter { $0.contains("\"type\":\"scroll\"") }
        #expect(lines.count == 3)
        #expect(lines.first?.contains("\"event\":\"draggingBegan\",\"offset\":[1280.0,0]") == true)
        #expect(lines.last?.contains("\"event\":\"cameToRest\",\"offset\":[0,0]") == true)
    }
}
