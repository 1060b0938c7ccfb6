<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
  <context>
    <name>SpatialPrivacy</name>
    <message>
      <location filename="processing_provider/base.py" line="118" />
      <source>Disclosure ceiling ρ (k = ⌈1/ρ⌉); leave empty to use the policy file</source>
      <translation>Plafond de divulgation ρ (k = ⌈1/ρ⌉) ; laisser vide pour utiliser le fichier de politique</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="121" />
      <source>Policy file (TOML or JSON)</source>
      <translation>Fichier de politique (TOML ou JSON)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="123" />
      <source>Policy files (*.toml *.json)</source>
      <translation>Fichiers de politique (*.toml *.json)</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="145" />
      <source>Cancelled: no output was completed.</source>
      <translation>Annulé : aucune sortie n'a été terminée.</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="45" />
      <source>Spatial Privacy needs the Python packages {modules}. On Debian or Ubuntu: sudo apt install {packages}; elsewhere install them into QGIS's Python (OSGeo4W Shell: python -m pip install {modules}).</source>
      <translation>Spatial Privacy a besoin des paquets Python {modules}. Sous Debian ou Ubuntu : sudo apt install {packages} ; ailleurs, installez-les dans le Python de QGIS (OSGeo4W Shell : python -m pip install {modules}).</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="53" />
      <source>Grids and suppression</source>
      <translation>Grilles et secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/base.py" line="54" />
      <source>Release gates</source>
      <translation>Contrôles de diffusion</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="34" />
      <source>Points of people (projected CRS in metres)</source>
      <translation>Points des personnes (SCR projeté en mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="37" />
      <source>Person id field (counts are of distinct ids)</source>
      <translation>Champ identifiant de personne (on compte les identifiants distincts)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="42" />
      <source>Grid origin (lower-left corner; empty: smallest x and y of the points)</source>
      <translation>Origine de la grille (coin inférieur gauche ; vide : plus petits x et y des points)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="45" />
      <source>Published attribute fields (the key is cell × these attributes)</source>
      <translation>Champs d'attributs publiés (la clé est maille × ces attributs)</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="61" />
      <source>The input layer could not be opened.</source>
      <translation>La couche d'entrée n'a pas pu être ouverte.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="64" />
      <source>Choose the field that identifies people.</source>
      <translation>Choisissez le champ qui identifie les personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="69" />
      <source>Multipoint features were exploded into {count} points; each part counts for the same person, so no count is inflated.</source>
      <translation>Les entités multipoints ont été éclatées en {count} points ; chaque partie compte pour la même personne, aucun effectif n'est donc gonflé.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="80" />
      <source>Grid origin: {x}, {y} (in {crs}). Reuse it in later releases so that grids stay aligned.</source>
      <translation>Origine de la grille : {x}, {y} (en {crs}). Réutilisez-la dans les diffusions suivantes pour que les grilles restent alignées.</translation>
    </message>
    <message>
      <location filename="processing_provider/grid_base.py" line="87" />
      <source>k = {k} from ρ = {rho} (policy {hash}); counting unit: {unit}; {people} distinct ids in {points} points.</source>
      <translation>k = {k} d'après ρ = {rho} (politique {hash}) ; unité de compte : {unit} ; {people} identifiants distincts dans {points} points.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="108" />
      <source>The input must be a point layer.</source>
      <translation>L'entrée doit être une couche de points.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="140" />
      <source>{count} feature(s) have no geometry or an empty one. Repair or remove them (e.g. with 'Remove null geometries') so that nobody is left out of the counts.</source>
      <translation>{count} entité(s) n'ont pas de géométrie ou une géométrie vide. Réparez-les ou supprimez-les (par ex. avec « Supprimer les géométries nulles ») pour que personne ne soit oublié dans les comptages.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="145" />
      <source>The input layer has no features (or none selected): there is nothing to assess.</source>
      <translation>La couche d'entrée n'a aucune entité (ou aucune sélectionnée) : il n'y a rien à évaluer.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="67" />
      <source>The field '{field}' is not in the layer; its fields are: {available}. Choose one of them.</source>
      <translation>Le champ « {field} » n'existe pas dans la couche ; ses champs sont : {available}. Choisissez-en un.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="75" />
      <source>The layer has no valid CRS. Set its CRS, then reproject it to a projected CRS in metres before binning.</source>
      <translation>La couche n'a pas de SCR valide. Définissez son SCR, puis reprojetez-la dans un SCR projeté en mètres avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="79" />
      <source>The layer's CRS {crs} is geographic (degrees): reproject to a metric CRS before binning (e.g. a UTM zone or your national grid).</source>
      <translation>Le SCR de la couche {crs} est géographique (degrés) : reprojetez dans un SCR métrique avant le maillage (par ex. une zone UTM ou votre projection nationale).</translation>
    </message>
    <message>
      <location filename="processing_provider/io.py" line="83" />
      <source>The layer's CRS {crs} is not in metres: reproject to a metric CRS before binning.</source>
      <translation>Le SCR de la couche {crs} n'est pas en mètres : reprojetez dans un SCR métrique avant le maillage.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="14" />
      <source>k-anonymity gate</source>
      <translation>Contrôle de k-anonymat</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="15" />
      <source>Blocks the release (and stops the model) when any published record counts fewer than k people; passes the layer through unchanged otherwise.</source>
      <translation>Bloque la diffusion (et arrête le modèle) si un enregistrement publié compte moins de k personnes ; sinon transmet la couche inchangée.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="17" />
      <source>privacy,disclosure,k-anonymity,gate,check,release,model</source>
      <translation>confidentialité,divulgation,k-anonymat,contrôle,vérification,diffusion,modèle</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="30" />
      <source>Layer or table to publish</source>
      <translation>Couche ou table à publier</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="32" />
      <source>Count field (distinct people per record)</source>
      <translation>Champ de comptage (personnes distinctes par enregistrement)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="37" />
      <source>Status field (records marked primary or complementary are withheld)</source>
      <translation>Champ de statut (les enregistrements marqués primary ou complementary sont masqués)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="40" />
      <source>Checked layer (unchanged)</source>
      <translation>Couche contrôlée (inchangée)</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="41" />
      <source>Passed</source>
      <translation>Réussi</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="42" />
      <source>Smallest published count</source>
      <translation>Plus petit effectif publié</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="43" />
      <source>Published records checked</source>
      <translation>Enregistrements publiés contrôlés</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="44" />
      <source>k</source>
      <translation>k</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="57" />
      <source>Choose the field that holds the counts.</source>
      <translation>Choisissez le champ qui contient les effectifs.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="61" />
      <source>The count field '{field}' is not numeric ({type}): the gate needs counts of people. Choose a numeric field, or convert it with the field calculator in a copy.</source>
      <translation>Le champ de comptage « {field} » n'est pas numérique ({type}) : le contrôle a besoin d'effectifs de personnes. Choisissez un champ numérique, ou convertissez-le avec la calculatrice de champ dans une copie.</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="69" />
      <source>k-anonymity gate FAILED (k = {k}, policy {hash}): {problems}</source>
      <translation>ÉCHEC du contrôle de k-anonymat (k = {k}, politique {hash}) : {problems}</translation>
    </message>
    <message>
      <location filename="processing_provider/kanonymity_gate.py" line="72" />
      <source>k-anonymity gate passed: {checked} published record(s), all with at least k = {k} people.</source>
      <translation>Contrôle de k-anonymat réussi : {checked} enregistrement(s) publié(s), tous avec au moins k = {k} personnes.</translation>
    </message>
    <message>
      <location filename="processing_provider/provider.py" line="20" />
      <source>Spatial Privacy</source>
      <translation>Confidentialité spatiale</translation>
    </message>
    <message>
      <location filename="processing_provider/provider.py" line="23" />
      <source>Spatial Privacy {version}</source>
      <translation>Confidentialité spatiale {version}</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="103" />
      <source>Recommended cell size: {res:g} m, the finest that keeps the withheld share within the tolerance at k = {k}.</source>
      <translation>Taille de maille recommandée : {res:g} m, la plus fine qui garde la part masquée dans la tolérance avec k = {k}.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="24" />
      <source>Resolution sweep</source>
      <translation>Balayage des résolutions</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="25" />
      <source>Counts distinct people per grid cell at several cell sizes and shows which sizes satisfy the policy's k and suppression tolerance.</source>
      <translation>Compte les personnes distinctes par maille à plusieurs tailles de maille et montre quelles tailles respectent le k et la tolérance de secret de la politique.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="27" />
      <source>privacy,disclosure,k-anonymity,grid,resolution,sweep,suppression</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,résolution,balayage,secret</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="38" />
      <source>Cell sizes in metres, comma separated</source>
      <translation>Tailles de maille en mètres, séparées par des virgules</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="42" />
      <source>Suppression tolerance: share of cells that may be withheld (empty: the policy's, else 0.20)</source>
      <translation>Tolérance de secret : part des mailles qui peuvent être masquées (vide : celle de la politique, sinon 0,20)</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="47" />
      <source>Sweep table</source>
      <translation>Table du balayage</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="49" />
      <source>Recommended (finest publishable) cell size</source>
      <translation>Taille de maille recommandée (la plus fine publiable)</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="85" />
      <source>publishable</source>
      <translation>publiable</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="85" />
      <source>not publishable</source>
      <translation>non publiable</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="86" />
      <source>{res:g} m: {cells} cells, {withheld} withheld ({share:.1%}); {verdict}.</source>
      <translation>{res:g} m : {cells} mailles, {withheld} masquées ({share:.1%}) ; {verdict}.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="91" />
      <source>At {res:g} m the withheld cells cluster (Moran's I {moran:.2f}, z {z:.1f}): the holes form areas, so prefer a coarser geometry there rather than a higher tolerance.</source>
      <translation>À {res:g} m les mailles masquées se regroupent (I de Moran {moran:.2f}, z {z:.1f}) : les trous forment des zones, préférez donc une géométrie plus grossière plutôt qu'une tolérance plus élevée.</translation>
    </message>
    <message>
      <location filename="processing_provider/resolution_sweep.py" line="97" />
      <source>No cell size is publishable under this policy (k = {k}, tolerance {tolerance:.0%}). Sweep coarser cells than {coarsest:g} m, or publish per density band; never lower k: it follows from the accepted disclosure probability.</source>
      <translation>Aucune taille de maille n'est publiable avec cette politique (k = {k}, tolérance {tolerance:.0%}). Balayez des mailles plus grossières que {coarsest:g} m, ou publiez par strate de densité ; ne baissez jamais k : il découle de la probabilité de divulgation acceptée.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="18" />
      <source>Suppressed grid</source>
      <translation>Grille avec secret statistique</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="19" />
      <source>Square cells with the number of distinct people in each; cells with fewer than k people are withheld (primary suppression).</source>
      <translation>Mailles carrées avec le nombre de personnes distinctes dans chacune ; les mailles de moins de k personnes sont masquées (secret primaire).</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="21" />
      <source>privacy,disclosure,k-anonymity,grid,suppression,count,census grid</source>
      <translation>confidentialité,divulgation,k-anonymat,grille,secret,comptage,grille carroyée</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="33" />
      <source>Cell size (metres)</source>
      <translation>Taille de maille (mètres)</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="39" />
      <source>Published cells</source>
      <translation>Mailles publiées</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="40" />
      <source>Withheld cells</source>
      <translation>Mailles masquées</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="62" />
      <source>The attribute field(s) {fields} share a name with an output field; rename them in a copy of the layer first.</source>
      <translation>Le(s) champ(s) d'attributs {fields} portent le nom d'un champ de sortie ; renommez-les d'abord dans une copie de la couche.</translation>
    </message>
    <message>
      <location filename="processing_provider/suppressed_grid.py" line="80" />
      <source>{published} cells published, {withheld} withheld (primary suppression, fewer than {k} people).</source>
      <translation>{published} mailles publiées, {withheld} masquées (secret primaire, moins de {k} personnes).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="100" />
      <source>{count} withheld record(s) still carry a count: a withheld value must be NULL in every output. Blank the count of withheld records.</source>
      <translation>{count} enregistrement(s) masqué(s) portent encore un effectif : une valeur masquée doit être NULL dans toute sortie. Videz l'effectif des enregistrements masqués.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="51" />
      <source>{count} record(s) have a status in '{field}' that is none of {known} (e.g. {examples}): the gate cannot tell whether they are published.</source>
      <translation>{count} enregistrement(s) ont dans « {field} » un statut qui n'est aucun de {known} (par ex. {examples}) : le contrôle ne peut pas savoir s'ils sont publiés.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="70" />
      <source>The input has no records: there is nothing to check, and missing evidence never passes the gate.</source>
      <translation>L'entrée n'a aucun enregistrement : il n'y a rien à contrôler, et l'absence de preuve ne passe jamais le contrôle.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="81" />
      <source>{count} published record(s) have a NULL count: a published cell needs a count (mark it withheld in the status field if it is not published).</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif NULL : une maille publiée a besoin d'un effectif (marquez-la masquée dans le champ de statut si elle n'est pas publiée).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="87" />
      <source>{count} published record(s) have a count that is not a whole number of people.</source>
      <translation>{count} enregistrement(s) publié(s) ont un effectif qui n'est pas un nombre entier de personnes.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/gate.py" line="94" />
      <source>{count} published record(s) count fewer than k = {k} people (smallest: {smallest}). Withhold them, or publish at a coarser resolution; never lower k.</source>
      <translation>{count} enregistrement(s) publié(s) comptent moins de k = {k} personnes (le plus petit : {smallest}). Masquez-les ou publiez à une résolution plus grossière ; ne baissez jamais k.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="39" />
      <source>{count} record(s) have a NULL id in the field '{field}'. Counting them would either drop them or merge strangers: fill in their ids (or give each its own id) and run again.</source>
      <translation>{count} enregistrement(s) ont un identifiant NULL dans le champ « {field} ». Les compter reviendrait à les ignorer ou à confondre des inconnus : renseignez leurs identifiants (ou donnez à chacun le sien) et relancez.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="68" />
      <source>{count} point(s) have NaN or infinite coordinates: repair or remove their geometries before binning.</source>
      <translation>{count} point(s) ont des coordonnées NaN ou infinies : réparez ou supprimez leurs géométries avant le maillage.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="76" />
      <source>A cell size must be a positive number of metres, got {value}.</source>
      <translation>Une taille de maille doit être un nombre positif de mètres, reçu {value}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="85" />
      <source>Give at least one cell size in metres, e.g. 100,250,500,1000.</source>
      <translation>Indiquez au moins une taille de maille en mètres, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/grid.py" line="91" />
      <source>'{value}' is not a cell size: give numbers of metres separated by commas, e.g. 100,250,500,1000.</source>
      <translation>« {value} » n'est pas une taille de maille : indiquez des nombres de mètres séparés par des virgules, par ex. 100,250,500,1000.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="102" />
      <source>The policy file {source} must hold key = value pairs.</source>
      <translation>Le fichier de politique {source} doit contenir des paires clé = valeur.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="106" />
      <source>The policy file {source} lacks the field(s) {fields}: add them, e.g. rho = 0.1, tolerance = 0.2, counting_unit = "person".</source>
      <translation>Il manque au fichier de politique {source} le(s) champ(s) {fields} : ajoutez-les, par ex. rho = 0.1, tolerance = 0.2, counting_unit = "person".</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="113" />
      <source>The policy file {source} has unknown field(s) {fields}; known fields are {known}.</source>
      <translation>Le fichier de politique {source} contient des champs inconnus {fields} ; les champs connus sont {known}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="123" />
      <source>counting_unit in {source} must be "person" or "device", got {value!r}.</source>
      <translation>counting_unit dans {source} doit valoir "person" ou "device", reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="138" />
      <source>Cannot read the policy file {source}: {reason}.</source>
      <translation>Impossible de lire le fichier de politique {source} : {reason}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="147" />
      <source>The policy file {source} does not parse: {reason}. Fix its syntax (TOML, or JSON for a .json file).</source>
      <translation>Le fichier de politique {source} est illisible : {reason}. Corrigez sa syntaxe (TOML, ou JSON pour un fichier .json).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="164" />
      <source>Give a policy file or a value for rho (the accepted disclosure probability, e.g. 0.1 for k = 10).</source>
      <translation>Indiquez un fichier de politique ou une valeur de rho (la probabilité de divulgation acceptée, par ex. 0,1 pour k = 10).</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="177" />
      <source>The value {given} given for {name} conflicts with {in_file} in the policy file {source}. Leave {name} empty to use the policy, or change the policy file.</source>
      <translation>La valeur {given} donnée pour {name} contredit {in_file} du fichier de politique {source}. Laissez {name} vide pour utiliser la politique, ou modifiez le fichier de politique.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="51" />
      <source>rho must be a number in (0, 1), got {value!r}.</source>
      <translation>rho doit être un nombre dans (0, 1), reçu {value!r}.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="54" />
      <source>rho must lie strictly between 0 and 1, got {value}: it is the accepted probability of singling a person out, for example 0.1 for k = 10.</source>
      <translation>rho doit être strictement entre 0 et 1, reçu {value} : c'est la probabilité acceptée d'isoler une personne, par exemple 0,1 pour k = 10.</translation>
    </message>
    <message>
      <location filename="spatial_privacy_plugin/policy.py" line="69" />
      <source>The suppression tolerance must be a share in [0, 1), got {value!r}.</source>
      <translation>La tolérance de secret doit être une part dans [0, 1), reçu {value!r}.</translation>
    </message>
  </context>
</TS>
