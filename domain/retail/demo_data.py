"""Keel's own deterministic demo store, in τ²-bench retail ``db.json`` shape.

:func:`generate_demo_data` builds a catalogue of 50 product types (option
spaces and price ranges written below), about 300 customers with US addresses
and payment methods, and about 600 orders with items, fulfilments and payment
history. Everything is drawn from one ``random.Random(seed)``, iterating over
lists only, so a seed gives the same store on every run and machine.

The generator guarantees what scenario tests rely on: every user has at least
one order, and a few "showcase" users each have one order in every status
(pending, processed, delivered, cancelled), with at least two items in the
non-cancelled ones.
"""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from keel.domain.retail.models import Order
from keel.domain.retail.tau2 import ImportCounts, import_tau2
from keel.persistence.db import session_scope

DEMO_SEED = 7
USER_COUNT = 300
ORDER_COUNT = 600
SHOWCASE_USERS = 8
STATUSES: tuple[str, ...] = ("pending", "processed", "delivered", "cancelled")
STATUS_WEIGHTS: tuple[int, ...] = (40, 10, 40, 10)
CANCEL_REASONS: tuple[str, ...] = ("no longer needed", "ordered by mistake")
AVAILABLE_SHARE = 0.85
MIN_VARIANTS = 5
MAX_VARIANTS = 15

ProductSpec = tuple[str, tuple[float, float], dict[str, list[str]]]

# (name, (lowest, highest) base price, option name -> values)
CATALOGUE: tuple[ProductSpec, ...] = (
    (
        "T-Shirt",
        (15, 35),
        {
            "color": ["white", "black", "navy", "red", "green", "grey"],
            "size": ["S", "M", "L", "XL", "XXL"],
            "material": ["cotton", "polyester", "linen blend"],
            "style": ["crew neck", "v-neck"],
        },
    ),
    (
        "Laptop",
        (799, 2299),
        {
            "screen size": ["13-inch", "14-inch", "15-inch", "16-inch"],
            "processor": ["i5", "i7", "Ryzen 5", "Ryzen 7"],
            "ram": ["8GB", "16GB", "32GB"],
            "storage": ["256GB SSD", "512GB SSD", "1TB SSD"],
            "color": ["silver", "space grey", "black"],
        },
    ),
    (
        "Running Shoes",
        (69, 159),
        {
            "size": ["7", "8", "9", "10", "11", "12"],
            "color": ["black", "white", "blue", "orange"],
            "material": ["mesh", "knit", "synthetic"],
            "sole": ["rubber", "EVA foam"],
        },
    ),
    (
        "Smartphone",
        (399, 1199),
        {
            "color": ["black", "white", "blue", "rose gold"],
            "storage": ["128GB", "256GB", "512GB"],
            "RAM": ["6GB", "8GB", "12GB"],
            "screen size": ["6.1-inch", "6.4-inch", "6.7-inch"],
        },
    ),
    (
        "Backpack",
        (39, 149),
        {
            "color": ["black", "grey", "navy", "olive"],
            "size": ["small", "medium", "large"],
            "material": ["nylon", "polyester", "canvas", "leather"],
            "compartment": ["laptop", "hydration", "camera"],
        },
    ),
    (
        "Coffee Maker",
        (49, 299),
        {
            "color": ["black", "white", "stainless steel"],
            "capacity": ["4 cups", "8 cups", "12 cups"],
            "type": ["drip", "pour-over", "single serve"],
            "features": ["timer", "built-in grinder", "thermal carafe"],
        },
    ),
    (
        "Water Bottle",
        (12, 45),
        {
            "capacity": ["500ml", "750ml", "1000ml"],
            "material": ["stainless steel", "glass", "plastic"],
            "color": ["black", "blue", "green", "pink", "white"],
        },
    ),
    (
        "Desk Lamp",
        (25, 119),
        {
            "color": ["black", "white", "silver", "brass"],
            "brightness": ["low", "medium", "high"],
            "power source": ["USB", "AC adapter", "battery"],
        },
    ),
    (
        "Notebook",
        (5, 25),
        {
            "size": ["A4", "A5", "A6"],
            "cover type": ["hard cover", "soft cover"],
            "paper": ["lined", "dotted", "blank", "grid"],
        },
    ),
    (
        "Sunglasses",
        (29, 249),
        {
            "frame color": ["black", "tortoise", "gold", "silver"],
            "lens color": ["grey", "brown", "green", "blue"],
            "lens type": ["polarized", "non-polarized"],
            "frame material": ["acetate", "metal", "plastic"],
        },
    ),
    (
        "Wristwatch",
        (99, 1499),
        {
            "strap material": ["leather", "metal", "silicone", "nylon"],
            "dial color": ["black", "white", "blue", "green"],
            "movement": ["automatic", "quartz"],
        },
    ),
    (
        "Electric Toothbrush",
        (29, 199),
        {
            "color": ["white", "black", "pink", "blue"],
            "cleaning modes": ["2 modes", "3 modes", "5 modes"],
            "battery type": ["rechargeable", "AA batteries"],
        },
    ),
    (
        "Yoga Mat",
        (19, 99),
        {
            "thickness": ["3mm", "5mm", "6mm", "8mm"],
            "material": ["TPE", "PVC", "natural rubber", "cork"],
            "color": ["purple", "blue", "green", "black", "pink"],
        },
    ),
    (
        "Bluetooth Speaker",
        (29, 249),
        {
            "color": ["black", "blue", "red", "grey", "green"],
            "battery life": ["8 hours", "12 hours", "20 hours"],
            "water resistance": ["yes", "no"],
        },
    ),
    (
        "Gaming Mouse",
        (24, 149),
        {
            "color": ["black", "white", "RGB"],
            "sensor type": ["optical", "laser"],
            "connectivity": ["wired", "wireless"],
            "max DPI": ["8000", "16000", "26000"],
        },
    ),
    (
        "Action Camera",
        (149, 499),
        {
            "resolution": ["1080p", "4K", "5K"],
            "waterproof": ["yes", "no"],
            "color": ["black", "silver"],
            "stabilization": ["standard", "advanced"],
        },
    ),
    (
        "Garden Hose",
        (19, 89),
        {
            "length": ["25ft", "50ft", "75ft", "100ft"],
            "material": ["rubber", "vinyl", "latex", "hybrid"],
            "color": ["green", "black", "blue"],
        },
    ),
    (
        "Hiking Boots",
        (89, 259),
        {
            "size": ["7", "8", "9", "10", "11", "12"],
            "material": ["leather", "synthetic", "suede"],
            "waterproof": ["yes", "no"],
        },
    ),
    (
        "Tablet",
        (199, 1099),
        {
            "screen size": ["8-inch", "10-inch", "11-inch", "13-inch"],
            "storage": ["64GB", "128GB", "256GB"],
            "color": ["black", "silver", "gold"],
            "connectivity": ["Wi-Fi", "Wi-Fi + Cellular"],
        },
    ),
    (
        "E-Reader",
        (99, 279),
        {
            "screen size": ["6-inch", "7-inch", "8-inch"],
            "connectivity": ["Wi-Fi", "Wi-Fi + Cellular"],
            "storage": ["8GB", "16GB", "32GB"],
            "front light": ["standard", "warm"],
        },
    ),
    (
        "Portable Charger",
        (19, 89),
        {
            "capacity": ["5000mAh", "10000mAh", "20000mAh", "26800mAh"],
            "output": ["USB-A", "USB-C", "wireless"],
            "color": ["black", "white", "blue"],
        },
    ),
    (
        "Indoor Security Camera",
        (29, 199),
        {
            "resolution": ["1080p", "2K", "4K"],
            "field of view": ["110 degrees", "130 degrees", "160 degrees"],
            "connectivity": ["Wi-Fi", "Ethernet"],
            "night vision": ["infrared", "color"],
        },
    ),
    (
        "Electric Kettle",
        (25, 129),
        {
            "capacity": ["1L", "1.5L", "1.7L"],
            "material": ["stainless steel", "glass", "plastic"],
            "color": ["black", "white", "silver"],
            "temperature control": ["fixed", "variable"],
        },
    ),
    (
        "Mechanical Keyboard",
        (59, 249),
        {
            "switch type": ["linear", "tactile", "clicky"],
            "backlight": ["none", "white", "RGB"],
            "size": ["60%", "80%", "full size"],
        },
    ),
    (
        "Wireless Earbuds",
        (39, 279),
        {
            "color": ["black", "white", "blue"],
            "battery life": ["5 hours", "6 hours", "8 hours"],
            "water resistance": ["IPX4", "IPX7", "not resistant"],
            "noise cancellation": ["yes", "no"],
        },
    ),
    (
        "Smart Thermostat",
        (99, 279),
        {
            "compatibility": ["Apple HomeKit", "Google Assistant", "Amazon Alexa"],
            "color": ["black", "white", "stainless steel"],
            "display": ["touchscreen", "dial"],
        },
    ),
    (
        "Fleece Jacket",
        (39, 129),
        {
            "size": ["XS", "S", "M", "L", "XL", "XXL"],
            "color": ["black", "navy", "red", "grey", "green"],
            "zipper": ["full", "half"],
        },
    ),
    (
        "Wall Clock",
        (19, 119),
        {
            "diameter": ["10 inches", "12 inches", "14 inches"],
            "color": ["black", "white", "wood"],
            "type": ["analog", "digital"],
        },
    ),
    (
        "Dumbbell Set",
        (49, 449),
        {
            "weight range": ["5-25 lbs", "30-50 lbs", "55-75 lbs"],
            "material": ["iron", "rubber", "urethane", "neoprene"],
            "set type": ["fixed", "adjustable"],
        },
    ),
    (
        "Pet Bed",
        (25, 129),
        {
            "size": ["small", "medium", "large", "extra large"],
            "material": ["memory foam", "polyester", "fleece"],
            "color": ["grey", "beige", "brown", "navy"],
        },
    ),
    (
        "Espresso Machine",
        (149, 1499),
        {
            "pressure": ["9 bar", "15 bar", "19 bar"],
            "capacity": ["1L", "1.5L", "2L"],
            "type": ["manual", "semi-automatic", "automatic", "capsule"],
            "milk frother": ["yes", "no"],
        },
    ),
    (
        "Cycling Helmet",
        (39, 199),
        {
            "size": ["S", "M", "L"],
            "color": ["black", "white", "red", "blue", "matte grey"],
            "ventilation": ["low", "medium", "high"],
        },
    ),
    (
        "LED Light Bulb",
        (5, 29),
        {
            "brightness": ["40W equivalent", "60W equivalent", "75W equivalent", "100W equivalent"],
            "color temperature": ["warm white", "soft white", "daylight"],
            "connectivity": ["none", "Wi-Fi", "Bluetooth"],
        },
    ),
    (
        "Digital Camera",
        (399, 2499),
        {
            "resolution": ["20MP", "24MP", "33MP", "45MP"],
            "zoom": ["3x", "5x", "10x"],
            "storage": ["SD card", "CFexpress card"],
            "body color": ["black", "silver"],
        },
    ),
    (
        "Bookshelf",
        (59, 399),
        {
            "material": ["wood", "metal", "bamboo", "engineered wood"],
            "color": ["white", "black", "walnut", "oak"],
            "height": ["3 ft", "4 ft", "5 ft", "6 ft"],
        },
    ),
    (
        "Bicycle",
        (299, 1999),
        {
            "frame size": ["small", "medium", "large"],
            "color": ["black", "red", "blue", "green", "white"],
            "type": ["road", "mountain", "hybrid", "city"],
        },
    ),
    (
        "Sneakers",
        (49, 149),
        {
            "size": ["6", "7", "8", "9", "10", "11", "12"],
            "color": ["white", "black", "grey", "red"],
            "material": ["canvas", "leather", "suede", "synthetic"],
        },
    ),
    (
        "Office Chair",
        (99, 599),
        {
            "material": ["mesh", "fabric", "leather"],
            "color": ["black", "grey", "blue"],
            "armrest": ["fixed", "adjustable", "none"],
            "backrest height": ["standard", "high-back"],
        },
    ),
    (
        "Smart Watch",
        (149, 499),
        {
            "color": ["black", "silver", "gold", "rose gold"],
            "band material": ["silicone", "leather", "metal", "nylon"],
            "display": ["AMOLED", "LCD"],
            "case size": ["40mm", "44mm"],
        },
    ),
    (
        "Tea Kettle",
        (19, 89),
        {
            "material": ["stainless steel", "enamel", "glass", "cast iron"],
            "capacity": ["1 liter", "1.5 liters", "2 liters"],
            "stovetop compatibility": ["gas", "electric", "induction"],
        },
    ),
    (
        "Luggage Set",
        (99, 499),
        {
            "piece count": ["2-piece", "3-piece", "4-piece"],
            "color": ["black", "navy", "red", "silver", "teal"],
            "material": ["hardshell", "softshell"],
        },
    ),
    (
        "Patio Umbrella",
        (49, 299),
        {
            "size": ["6 ft", "7.5 ft", "9 ft", "11 ft"],
            "color": ["beige", "navy", "red", "green", "black"],
            "material": ["polyester", "olefin", "Sunbrella"],
            "tilt mechanism": ["auto tilt", "manual tilt", "none"],
        },
    ),
    (
        "Air Purifier",
        (79, 499),
        {
            "room size": ["small", "medium", "large"],
            "filter type": ["HEPA", "activated carbon", "ionic"],
            "features": ["quiet operation", "night mode", "smart sensors", "app control"],
        },
    ),
    (
        "Makeup Kit",
        (25, 149),
        {
            "skin tone": ["fair", "light", "medium", "tan", "deep"],
            "kit size": ["travel", "basic", "professional"],
            "finish": ["matte", "dewy", "natural"],
        },
    ),
    (
        "Skateboard",
        (49, 199),
        {
            "deck material": ["maple", "bamboo", "plastic", "carbon fiber"],
            "length": ["28 inch", "31 inch", "33 inch"],
            "design": ["plain", "graphic", "custom"],
        },
    ),
    (
        "Jigsaw Puzzle",
        (12, 49),
        {
            "pieces": ["300", "500", "1000", "1500", "2000"],
            "theme": ["animals", "landscape", "art", "fantasy", "cities"],
            "difficulty level": ["beginner", "intermediate", "expert"],
        },
    ),
    (
        "Grill",
        (149, 999),
        {
            "type": ["gas", "charcoal", "electric", "pellet"],
            "size": ["portable", "medium", "large"],
            "features": ["none", "side burner", "rotisserie", "smoker box"],
        },
    ),
    (
        "Headphones",
        (49, 399),
        {
            "type": ["over-ear", "on-ear", "in-ear"],
            "connectivity": ["wired", "wireless"],
            "color": ["black", "white", "silver", "blue"],
            "noise cancellation": ["yes", "no"],
        },
    ),
    (
        "Vacuum Cleaner",
        (99, 699),
        {
            "type": ["upright", "canister", "stick", "robotic"],
            "bagged/bagless": ["bagged", "bagless"],
            "features": ["cordless", "HEPA filter", "pet hair removal", "self-emptying"],
        },
    ),
    (
        "Perfume",
        (39, 199),
        {
            "scent family": ["floral", "fresh", "woody", "oriental", "citrus"],
            "size": ["30ml", "50ml", "100ml"],
            "gender": ["women", "men", "unisex"],
        },
    ),
)

FIRST_NAMES: tuple[str, ...] = (
    "Noah", "Emma", "Liam", "Olivia", "Mason", "Ava", "Ethan", "Sophia", "Lucas", "Mia",
    "James", "Isabella", "Aiden", "Amelia", "Yusuf", "Harper", "Omar", "Evelyn", "Mei",
    "Chen", "Raj", "Priya", "Daiki", "Yuki", "Mateo", "Lucia", "Diego", "Sofia", "Ivan",
    "Anya", "Fatima", "Ahmed", "Grace", "Henry", "Chloe", "Samuel", "Zoe", "Leo", "Nora",
    "Arjun", "Aisha", "Kofi", "Amara", "Sven", "Ingrid", "Malik", "Layla", "Hugo", "Clara",
    "Elena", "Marcus", "Rosa", "Tariq", "Hannah", "Oliver", "Ella", "Jamal", "Keiko",
    "Pablo", "Nadia",
)  # fmt: skip

LAST_NAMES: tuple[str, ...] = (
    "Brown", "Smith", "Johnson", "Garcia", "Martinez", "Lee", "Kim", "Nguyen", "Patel",
    "Khan", "Ahmed", "Silva", "Santos", "Rossi", "Muller", "Kowalski", "Ivanov", "Sato",
    "Tanaka", "Wang", "Li", "Chen", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas",
    "Taylor", "Moore", "Jackson", "White", "Harris", "Clark", "Lewis", "Walker", "Hall",
    "Young", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill",
    "Campbell", "Mitchell", "Roberts", "Carter", "Phillips", "Evans", "Turner", "Torres",
    "Parker", "Collins", "Edwards", "Stewart", "Morris", "Murphy", "Cook",
)  # fmt: skip

STREETS: tuple[str, ...] = (
    "Sunset Drive", "Main Street", "Oak Street", "Maple Avenue", "Pine Lane", "Cedar Street",
    "Elm Street", "Hillcrest Drive", "Lakeview Drive", "River Road", "Park Avenue",
    "Broadway", "Washington Street", "Highland Avenue", "Willow Lane", "Spruce Street",
    "Chestnut Street", "Lincoln Avenue", "Jackson Street", "Laurel Lane", "Cherry Lane",
    "Forest Street", "Meadow Lane", "Ridge Road", "Valley Road",
)  # fmt: skip

# (city, state, first three digits of its zip codes)
CITIES: tuple[tuple[str, str, str], ...] = (
    ("New York", "NY", "100"),
    ("Los Angeles", "CA", "900"),
    ("San Francisco", "CA", "941"),
    ("San Diego", "CA", "921"),
    ("San Jose", "CA", "951"),
    ("Chicago", "IL", "606"),
    ("Houston", "TX", "770"),
    ("Austin", "TX", "787"),
    ("Dallas", "TX", "752"),
    ("Phoenix", "AZ", "850"),
    ("Philadelphia", "PA", "191"),
    ("Denver", "CO", "802"),
    ("Seattle", "WA", "981"),
    ("Portland", "OR", "972"),
    ("Boston", "MA", "021"),
    ("Atlanta", "GA", "303"),
    ("Miami", "FL", "331"),
    ("Jacksonville", "FL", "322"),
    ("Charlotte", "NC", "282"),
    ("Columbus", "OH", "432"),
    ("Indianapolis", "IN", "462"),
    ("Nashville", "TN", "372"),
    ("Minneapolis", "MN", "554"),
    ("Washington", "DC", "200"),
)

PAYMENT_SOURCES: tuple[str, ...] = ("gift_card", "paypal", "credit_card")
CARD_BRANDS: tuple[str, ...] = ("visa", "mastercard")


class _Ids:
    """Unique random numeric ids drawn from the generator's ``Random``."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._used: set[str] = set()

    def digits(self, length: int, prefix: str = "") -> str:
        """Return ``prefix`` + ``length`` digits (no leading zero), unused so far."""
        while True:
            candidate = prefix + str(self._rng.randint(10 ** (length - 1), 10**length - 1))
            if candidate not in self._used:
                self._used.add(candidate)
                return candidate


def _generate_products(rng: random.Random, ids: _Ids) -> dict[str, dict[str, Any]]:
    products: dict[str, dict[str, Any]] = {}
    for name, (low, high), space in CATALOGUE:
        product_id = ids.digits(10)
        keys = list(space)
        combos = list(itertools.product(*(space[key] for key in keys)))
        count = min(len(combos), rng.randint(MIN_VARIANTS, MAX_VARIANTS))
        base = rng.uniform(low, high)
        variants: dict[str, dict[str, Any]] = {}
        for combo in rng.sample(combos, count):
            item_id = ids.digits(10)
            variants[item_id] = {
                "item_id": item_id,
                "options": dict(zip(keys, combo, strict=True)),
                "available": rng.random() < AVAILABLE_SHARE,
                "price": round(base * rng.uniform(0.9, 1.12), 2),
            }
        products[product_id] = {"name": name, "product_id": product_id, "variants": variants}
    return products


def _payment_methods(rng: random.Random, ids: _Ids) -> dict[str, dict[str, Any]]:
    count = rng.choices((1, 2, 3), weights=(55, 35, 10))[0]
    sources = [rng.choice(PAYMENT_SOURCES) for _ in range(count)]
    if all(source == "gift_card" for source in sources):
        sources[0] = rng.choice(("paypal", "credit_card"))
    methods: dict[str, dict[str, Any]] = {}
    for source in sources:
        method_id = ids.digits(7, prefix=f"{source}_")
        method: dict[str, Any] = {"source": source, "id": method_id}
        if source == "credit_card":
            method["brand"] = rng.choice(CARD_BRANDS)
            method["last_four"] = f"{rng.randint(0, 9999):04d}"
        elif source == "gift_card":
            method["balance"] = float(rng.randint(0, 500))
        methods[method_id] = method
    return methods


def _generate_users(rng: random.Random, ids: _Ids) -> dict[str, dict[str, Any]]:
    users: dict[str, dict[str, Any]] = {}
    people: set[tuple[str, str, str]] = set()
    while len(users) < USER_COUNT:
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        city, state, zip_prefix = rng.choice(CITIES)
        zip_code = f"{zip_prefix}{rng.randint(0, 99):02d}"
        if (first, last, zip_code) in people:
            continue
        people.add((first, last, zip_code))
        user_id = ids.digits(4, prefix=f"{first.lower()}_{last.lower()}_")
        users[user_id] = {
            "user_id": user_id,
            "name": {"first_name": first, "last_name": last},
            "address": {
                "address1": f"{rng.randint(100, 999)} {rng.choice(STREETS)}",
                "address2": f"Suite {rng.randint(100, 999)}",
                "city": city,
                "country": "USA",
                "state": state,
                "zip": zip_code,
            },
            "email": f"{first.lower()}.{last.lower()}{rng.randint(1000, 9999)}@example.com",
            "payment_methods": _payment_methods(rng, ids),
            "orders": [],
        }
    return users


def _order_slots(rng: random.Random, user_ids: list[str]) -> list[tuple[str, str, int]]:
    """Plan ``(user id, status, minimum item count)`` for every order, in file order."""
    showcase = rng.sample(user_ids, SHOWCASE_USERS)
    slots: list[tuple[str, str, int]] = [
        (user_id, status, 1 if status == "cancelled" else 2)
        for user_id in showcase
        for status in STATUSES
    ]
    chosen = set(showcase)
    slots += [
        (user_id, rng.choices(STATUSES, weights=STATUS_WEIGHTS)[0], 1)
        for user_id in user_ids
        if user_id not in chosen
    ]
    while len(slots) < ORDER_COUNT:
        slots.append((rng.choice(user_ids), rng.choices(STATUSES, weights=STATUS_WEIGHTS)[0], 1))
    rng.shuffle(slots)
    return slots


def _order_items(
    rng: random.Random, products: list[dict[str, Any]], minimum: int
) -> list[dict[str, Any]]:
    """Draw ``minimum``..5 distinct items (distinct products too when ``minimum`` > 1)."""
    count = max(minimum, rng.choices((1, 2, 3, 4, 5), weights=(25, 25, 20, 15, 15))[0])
    items: list[dict[str, Any]] = []
    seen: set[str] = set()
    while len(items) < count:
        product = rng.choice(products)
        variant = rng.choice(list(product["variants"].values()))
        # Showcase orders (minimum > 1) hold distinct products, so each item has a plain name.
        key = product["product_id"] if minimum > 1 else variant["item_id"]
        if key in seen:
            continue
        seen.add(key)
        items.append(
            {
                "name": product["name"],
                "product_id": product["product_id"],
                "item_id": variant["item_id"],
                "price": variant["price"],
                "options": dict(variant["options"]),
            }
        )
    return items


def _pick_payment_method(rng: random.Random, user: dict[str, Any], amount: float) -> str:
    candidates = [
        method["id"]
        for method in user["payment_methods"].values()
        if method["source"] != "gift_card" or method["balance"] >= amount
    ]
    return str(rng.choice(candidates))


def _generate_orders(
    rng: random.Random,
    ids: _Ids,
    products: dict[str, dict[str, Any]],
    users: dict[str, dict[str, Any]],
) -> dict[str, dict[str, Any]]:
    product_list = list(products.values())
    orders: dict[str, dict[str, Any]] = {}
    for user_id, status, minimum in _order_slots(rng, list(users)):
        user = users[user_id]
        order_id = ids.digits(7, prefix="#W")
        items = _order_items(rng, product_list, minimum)
        amount = round(sum(item["price"] for item in items), 2)
        method_id = _pick_payment_method(rng, user, amount)
        fulfillments: list[dict[str, Any]] = []
        if status in ("processed", "delivered"):
            fulfillments.append(
                {"tracking_id": [ids.digits(12)], "item_ids": [item["item_id"] for item in items]}
            )
        history = [
            {"transaction_type": "payment", "amount": amount, "payment_method_id": method_id}
        ]
        order: dict[str, Any] = {
            "order_id": order_id,
            "user_id": user_id,
            "address": dict(user["address"]),
            "items": items,
            "status": status,
            "fulfillments": fulfillments,
            "payment_history": history,
        }
        if status == "cancelled":
            history.append(
                {"transaction_type": "refund", "amount": amount, "payment_method_id": method_id}
            )
            order["cancel_reason"] = rng.choice(CANCEL_REASONS)
        orders[order_id] = order
        user["orders"].append(order_id)
    return orders


def generate_demo_data(seed: int = DEMO_SEED) -> dict[str, Any]:
    """Return the demo store for ``seed`` as a τ² retail document (products, users, orders)."""
    rng = random.Random(seed)
    ids = _Ids(rng)
    products = _generate_products(rng, ids)
    users = _generate_users(rng, ids)
    orders = _generate_orders(rng, ids, products, users)
    _ship_some_elsewhere(seed, users, orders)
    return {"products": products, "users": users, "orders": orders}


ELSEWHERE_SHARE = 0.2  # customers who had one order sent to another address


def _ship_some_elsewhere(
    seed: int, users: dict[str, dict[str, Any]], orders: dict[str, dict[str, Any]]
) -> None:
    """Send one later order of some customers to another city (a relative's, a new home).

    Drawn from a generator of its own, so the rest of the store stays as it was.
    """
    rng = random.Random(f"{seed}-elsewhere")
    for user in users.values():
        if len(user["orders"]) < 2 or rng.random() >= ELSEWHERE_SHARE:
            continue
        home = user["address"]["city"]
        city, state, zip_prefix = rng.choice([c for c in CITIES if c[0] != home])
        order_id = rng.choice(user["orders"][1:])
        orders[order_id]["address"] = {
            "address1": f"{rng.randint(100, 999)} {rng.choice(STREETS)}",
            "address2": f"Suite {rng.randint(100, 999)}",
            "city": city,
            "country": "USA",
            "state": state,
            "zip": f"{zip_prefix}{rng.randint(0, 99):02d}",
        }


# Days between an order's placing and its last status change, by status (low, high).
STATUS_DELAY_DAYS: dict[str, tuple[float, float]] = {
    "pending": (0.0, 0.0),
    "processed": (0.5, 2.0),
    "delivered": (2.0, 7.0),
    "cancelled": (0.0, 3.0),
}
ORDER_HISTORY_DAYS = 90  # demo orders are placed over the last 90 days before the load


def order_dates(
    seed: int, order_ids: list[str], statuses: list[str], now: datetime
) -> list[tuple[datetime, datetime]]:
    """``(placed_at, updated_at)`` of each order: placed in the last 90 days, in file order.

    Drawn from a generator of its own (the rest of the store stays as it was); a status
    change never lies after ``now``. Orders later in the file were placed later.
    """
    rng = random.Random(f"{seed}-dates")
    count = max(len(order_ids), 1)
    dates: list[tuple[datetime, datetime]] = []
    for index, status in enumerate(statuses):
        days_ago = ORDER_HISTORY_DAYS * (1 - (index + rng.random()) / count)
        placed = now - timedelta(days=days_ago)
        low, high = STATUS_DELAY_DAYS.get(status, (1.0, 10.0))
        updated = min(placed + timedelta(days=rng.uniform(low, high)), now)
        dates.append((placed, updated))
    return dates


def _date_orders(url: str, seed: int, now: datetime) -> None:
    with session_scope(url) as session:
        orders = session.scalars(select(Order).order_by(Order.seq)).all()
        dated = order_dates(seed, [o.order_id for o in orders], [o.status for o in orders], now)
        for order, (placed, updated) in zip(orders, dated, strict=True):
            order.placed_at, order.updated_at = placed, updated


def load_demo_data(url: str, seed: int = DEMO_SEED, now: datetime | None = None) -> ImportCounts:
    """Replace the business data of ``url`` with the demo store (see :func:`import_tau2`).

    The τ² shape has no dates; the demo orders are dated relative to ``now`` (the load
    time by default), so that operators' questions about last week have answers.
    """
    counts = import_tau2(generate_demo_data(seed), url)
    _date_orders(url, seed, now or datetime.now(UTC))
    return counts
